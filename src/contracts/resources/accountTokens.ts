/**
 * Tokens de conta (/bi/tokens-de-conta, issue 26): read-only keys an external BI tool (Power BI,
 * Metabase, a spreadsheet) sends as `Authorization: Bearer <token>` to pull the reports it is
 * scoped to (`reports`) as JSON or CSV, for the organisation that made it, until `expiresOn`
 * (at most a year ahead) or a revocation. The secret is shown once, in the answer of the POST
 * (`secret`), and only its SHA-256 is kept; `prefix` (its first characters) names it in lists.
 * Permission: `financeReports` — `read` lists them, `create` makes one, `update` edits and revokes.
 * API: finance-reporting `account-tokens` (server/bi/tokens.ts).
 */
import { defineResource } from '../define';
import { date, datetime, enumList, enumOf, text } from '../fields';
import { REPORT_PERMISSION } from '../reports';
import { defineWorkflow, stateLabels } from '../workflow';

/** The reports a token may be scoped to (keys of REPORTS in contracts/reports.ts). */
export const TOKEN_REPORTS = ['dre', 'cashFlow'] as const;
export type TokenReport = (typeof TOKEN_REPORTS)[number];
export const TOKEN_REPORT_LABELS = { dre: 'DRE por mês', cashFlow: 'Fluxo de caixa' } as const;

/** What a token starts with: tells it apart from a session's JWT (and a leaked one in a search). */
export const TOKEN_MARK = 'rtbi_';
/** Characters of the secret kept in clear (after the mark) to recognise a token in the list. */
export const TOKEN_PREFIX_LENGTH = 8;
/** The longest validity, in days from today. */
export const TOKEN_MAX_DAYS = 366;

export const ACCOUNT_TOKEN_MESSAGES = {
  expiresPast: 'A validade deve ser hoje ou uma data futura.',
  expiresFar: 'A validade pode ser de no máximo um ano a partir de hoje.',
  reports: 'Escolha ao menos um relatório.',
} as const;

export const ACCOUNT_TOKEN_STATUSES = ['active', 'revoked'] as const;
export type AccountTokenState = (typeof ACCOUNT_TOKEN_STATUSES)[number];

export const accountTokenWorkflow = defineWorkflow<AccountTokenState>({
  field: 'status',
  initial: 'active',
  states: {
    active: { label: 'Ativo', tone: 'success', phase: 'open' },
    revoked: { label: 'Revogado', tone: 'danger', phase: 'void', locked: 'all' },
  },
  transitions: [
    {
      name: 'revoke',
      label: 'Revogar token',
      verb: 'revogar',
      from: ['active'],
      to: 'revoked',
      scope: 'update',
      confirm: 'Revogar este token? A ferramenta que o usa perde o acesso na hora, e isso não pode ser desfeito.',
      tone: 'danger',
    },
  ],
});

export const accountTokens = defineResource({
  name: 'accountTokens',
  api: 'financeReporting',
  path: 'account-tokens',
  route: { base: '/bi/tokens-de-conta', idParam: 'accountTokenId' },
  permission: REPORT_PERMISSION,
  labels: { one: 'Token de conta', many: 'Tokens de Conta', gender: 'm' },
  titleField: 'name',
  fields: {
    name: text('Nome', { max: 120, required: 'Dê um nome ao token, por exemplo: Power BI da controladoria.' }),
    reports: enumList('Relatórios liberados', TOKEN_REPORTS, TOKEN_REPORT_LABELS, { atLeastOne: ACCOUNT_TOKEN_MESSAGES.reports }),
    expiresOn: date('Válido até', { help: 'Inclusive. No máximo um ano a partir de hoje.' }),
    prefix: text('Identificação', { readOnly: true, optional: true, help: 'O começo do token, para reconhecê-lo; o token inteiro só aparece uma vez, ao criá-lo.' }),
    status: enumOf('Situação', ACCOUNT_TOKEN_STATUSES, stateLabels(ACCOUNT_TOKEN_STATUSES, accountTokenWorkflow), { readOnly: true }),
    lastUsedAt: datetime('Último uso', { readOnly: true, optional: true }),
  },
  list: {
    columns: [{ field: 'name', sortable: true }, { field: 'prefix' }, { field: 'reports' }, { field: 'expiresOn', sortable: true }, { field: 'status', sortable: true }, { field: 'lastUsedAt', sortable: true }],
    defaultSort: '-createdAt',
    searchFields: ['name'],
    filters: [{ field: 'status' }, { field: 'expiresOn' }],
  },
  form: { sections: [{ key: 'general', title: 'Token de conta', fields: ['name', 'reports', 'expiresOn', 'prefix', 'status', 'lastUsedAt'] }] },
  workflow: accountTokenWorkflow,
});
