/**
 * Aplicações (/configuracoes/aplicacoes) and the current application (/configuracoes/aplicacao,
 * id `current`: the server resolves it to the caller's own application). Each application has
 * resources, ACLs (Grupos de Agências) and policies, nested under `applications/{applicationId}`.
 */
import { defineResource } from '../define';
import { boolean, lengthOnly, longText, text } from '../fields';
import { slug } from './parts/common';

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
  fields: {
    name: text('Nome'),
    slug: text('Identificador', { rule: slug(60), help: 'Letras minúsculas, números e hífens (ex.: retaguarda).' }),
    description: longText('Descrição', { optional: true, rule: lengthOnly(2000) }),
    isActive: boolean('Ativa', { initial: true }),
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
