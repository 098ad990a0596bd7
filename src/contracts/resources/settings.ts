/**
 * Configurações (/configuracoes/configuracoes): the settings of the caller's organization, one
 * record per tenant (singleton: `GET settings`, `PUT settings` with If-Match).
 */
import { defineResource } from '../define';
import { boolean, cnpj, enumList, enumOf, integer, lengthOnly, text } from '../fields';
import { TWO_FACTOR_METHODS } from '../identityNames';

/** Idle time-out of a session without "Lembrar de mim", in minutes (server/identity/sessions.ts). */
export const SESSION_IDLE_MINUTES = { initial: 30, min: 5, max: 720 } as const;

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
  fields: {
    name: text('Razão social'),
    tradeName: text('Nome fantasia', { optional: true, rule: lengthOnly(120) }),
    cnpj: cnpj('CNPJ', { optional: true }),
    timezone: enumOf('Fuso horário', TIMEZONES, { 'America/Sao_Paulo': 'Horário de Brasília (America/Sao_Paulo)' }, { readOnly: true }),
    twoFactorMandatory: boolean('Exigir verificação em duas etapas de novos usuários'),
    twoFactorAllowedMethods: enumList('Métodos de verificação permitidos por padrão', TWO_FACTOR_METHODS, { Email: 'E-mail', TOTP: 'Aplicativo autenticador' }, { atLeastOne: 'Escolha ao menos um método.' }),
    // Optional on the wire: absent (a client that predates it) or empty keeps the current value.
    sessionIdleMinutes: integer('Encerrar a sessão após quantos minutos sem uso', {
      optional: true,
      help: 'Vale para quem entra sem "Lembrar de mim" (com ele, a sessão dura até 7 dias sem uso). O usuário é avisado um minuto antes.',
      initial: SESSION_IDLE_MINUTES.initial,
      message: 'Informe um número inteiro de minutos.',
      min: SESSION_IDLE_MINUTES.min,
      minMessage: `Informe ao menos ${SESSION_IDLE_MINUTES.min} minutos.`,
      max: SESSION_IDLE_MINUTES.max,
      maxMessage: `Informe no máximo ${SESSION_IDLE_MINUTES.max} minutos (12 horas).`,
    }),
  },
  form: {
    sections: [
      { key: 'organization', title: 'Organização', fields: ['name', 'tradeName', 'cnpj', 'timezone'] },
      { key: 'security', title: 'Segurança', fields: ['twoFactorMandatory', 'twoFactorAllowedMethods', 'sessionIdleMinutes'] },
    ],
  },
});
