/**
 * Aplicações (/configuracoes/aplicacoes) and the current application (/configuracoes/aplicacao,
 * id `current`: the server resolves it to the caller's own application). Each application has
 * resources, ACLs (Grupos de Agências) and policies, nested under `applications/{applicationId}`.
 */
import * as z from 'zod/mini';
import { defineResource, optional, requiredText } from '../resource';

/** Id that names the caller's own application in every `applications/{applicationId}` path. */
export const CURRENT_APPLICATION = 'current';

export const applications = defineResource({
  name: 'applications',
  api: 'identity',
  path: 'applications',
  route: { base: '/configuracoes/aplicacoes', idParam: 'applicationId' },
  permission: 'applications',
  labels: { one: 'Aplicação', many: 'Aplicações', gender: 'f' },
  titleField: 'name',
  schema: z.object({
    name: requiredText(120),
    slug: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use letras minúsculas, números e hífens.'), z.maxLength(60)),
    description: optional(z.string().check(z.maxLength(2000))),
    isActive: z.boolean(),
  }),
  fields: {
    name: { type: 'text', label: 'Nome' },
    slug: { type: 'text', label: 'Identificador', help: 'Letras minúsculas, números e hífens (ex.: retaguarda).' },
    description: { type: 'longText', label: 'Descrição' },
    isActive: { type: 'boolean', label: 'Ativa', initial: true },
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'slug', sortable: true }, { field: 'isActive' }, { field: 'updatedAt', sortable: true }],
    defaultSort: 'name',
    searchFields: ['name', 'slug'],
    filters: [{ field: 'isActive' }],
  },
  form: { sections: [{ key: 'general', title: 'Dados da aplicação', fields: ['name', 'slug', 'description', 'isActive'] }] },
  tabs: [
    { path: 'recursos', label: 'Recursos', resource: 'applicationResources' },
    { path: 'acls', label: 'Grupos de Agências', resource: 'applicationAcls' },
    { path: 'politicas', label: 'Políticas', resource: 'applicationPolicies' },
  ],
  actions: [{ name: 'delete', label: 'Excluir', scope: 'delete', row: true, confirm: 'Excluir esta aplicação e tudo o que pertence a ela?', tone: 'danger' }],
});
