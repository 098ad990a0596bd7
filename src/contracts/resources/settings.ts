/**
 * Configurações (/configuracoes/configuracoes): the settings of the caller's organization, one
 * record per tenant (singleton: `GET settings`, `PUT settings` with If-Match).
 */
import * as z from 'zod/mini';
import { cnpj } from '../documents';
import { TWO_FACTOR_METHODS } from '../identity';
import { defineResource, optional, requiredText } from '../resource';

/** The product runs on Brasília time (no daylight saving since 2019). */
export const TIMEZONES = ['America/Sao_Paulo'] as const;

export const settings = defineResource({
  name: 'settings',
  api: 'identity',
  path: 'settings',
  kind: 'singleton',
  route: { base: '/configuracoes/configuracoes' },
  permission: 'settings',
  labels: { one: 'Configurações', many: 'Configurações', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    tradeName: optional(z.string().check(z.maxLength(120))),
    cnpj: optional(cnpj()),
    timezone: z.enum(TIMEZONES),
    twoFactorMandatory: z.boolean(),
    twoFactorAllowedMethods: z.array(z.enum(TWO_FACTOR_METHODS)).check(z.minLength(1, 'Escolha ao menos um método.')),
  }),
  fields: {
    name: { type: 'text', label: 'Razão social' },
    tradeName: { type: 'text', label: 'Nome fantasia' },
    cnpj: { type: 'cnpj', label: 'CNPJ' },
    timezone: { type: 'enum', label: 'Fuso horário', options: TIMEZONES, optionLabels: { 'America/Sao_Paulo': 'Horário de Brasília (America/Sao_Paulo)' }, readOnly: true },
    twoFactorMandatory: { type: 'boolean', label: 'Exigir verificação em duas etapas de novos usuários' },
    twoFactorAllowedMethods: {
      type: 'enum',
      multiple: true,
      label: 'Métodos de verificação permitidos por padrão',
      options: TWO_FACTOR_METHODS,
      optionLabels: { Email: 'E-mail', TOTP: 'Aplicativo autenticador' },
    },
  },
  form: {
    sections: [
      { key: 'organization', title: 'Organização', fields: ['name', 'tradeName', 'cnpj', 'timezone'] },
      { key: 'security', title: 'Segurança', fields: ['twoFactorMandatory', 'twoFactorAllowedMethods'] },
    ],
  },
});
