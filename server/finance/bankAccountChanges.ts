/**
 * Storage of the alterações de dados bancários (src/contracts/resources/bankAccountChanges.ts):
 * nested under their conta financeira, each saved or sent change keeps the account's values of that
 * moment in `previous` (what "Antes → depois" shows), a submit locks the account row first (two
 * submits for one account: one waits, the other is a 409 naming it), and reaching "Aplicada" —
 * approved by its queue, or at once when no queue applies — writes the proposed values onto the
 * account through the account's own service (`updateWhere`, action `applyChange`): its rules,
 * audit entry and version, the only writer allowed to change them once the account
 * exists (server/registry/service.ts, `changedThrough`).
 */
import { sql } from 'kysely';
import { BANK_ACCOUNT_CHANGE_MESSAGES, bankAccountChanges } from '../../src/contracts/resources/bankAccountChanges.js';
import { BANK_DATA_FIELDS } from '../../src/contracts/resources/parts/bankData.js';
import type { FieldDef } from '../../src/contracts/resource.js';
import { MASK_OF_TYPE } from '../../src/contracts/brazil/masks.js';
import { HttpError } from '../errors.js';
import { maskField } from '../registry/audit-mask.js';
import { declaredStorage, parentIn } from '../registry/declared.js';
import { sameValue } from '../registry/compare.js';
import { bankAccountRule } from '../registry/rules.js';
import type { Call, Trx, Values, WireRecord } from '../registry/storage.js';

type BankData = Record<(typeof BANK_DATA_FIELDS)[number], unknown>;

const COLUMNS = sql`type, bank_id AS "bankId", agency, agency_digit AS "agencyDigit", account, account_digit AS "accountDigit", holder_name AS "holderName", holder_document AS "holderDocument", pix_keys AS "pixKeys"`;

const bankDataOf = (values: Values): BankData => Object.fromEntries(BANK_DATA_FIELDS.map((field) => [field, values[field] ?? (field === 'pixKeys' ? [] : null)])) as BankData;

/** The account's bank data now; `lock`: its row is taken for the rest of the transaction. */
async function accountData(trx: Trx, call: Call, accountId: string, lock = false): Promise<BankData> {
  const row = await sql<BankData>`SELECT ${COLUMNS} FROM bank_accounts WHERE org_id = ${call.tenant} AND id = ${accountId} ${lock ? sql`FOR UPDATE` : sql``}`.execute(trx);
  if (!row.rows[0]) throw new HttpError(404, 'Conta financeira não encontrada.');
  return bankDataOf(row.rows[0]);
}

/**
 * A datum as the approver reads it: the option's label, the bank's name, the keys one by one; an
 * account number or a random key as its last four digits, as in the audit trail this list also goes
 * to (the whole proposed number is the change's own field, shown above it).
 */
function shown(field: (typeof BANK_DATA_FIELDS)[number], value: unknown, bankNames: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  const def = bankAccountChanges.fields[field] as FieldDef;
  if (def.type === 'enum') return def.optionLabels[String(value)] ?? String(value);
  if (field === 'bankId') return bankNames.get(String(value)) ?? String(value);
  if (def.type === 'list' && Array.isArray(value)) {
    if (!value.length) return '—';
    const typeDef = (def.of as Record<string, FieldDef>).type;
    const labels = typeDef?.type === 'enum' ? typeDef.optionLabels : {};
    const keyDef = (def.of as Record<string, FieldDef>).key;
    return (value as { type?: string; key?: string; isDefault?: boolean }[]).map((key) => `${labels[String(key.type)] ?? key.type}: ${String(maskField(keyDef, key.key))}${key.isDefault ? ' (principal)' : ''}`).join('; ');
  }
  // A sensitive datum as the audit trail keeps it; a document as people read it (11.222.333/0001-81).
  const mask = !def.sensitive && MASK_OF_TYPE[def.type as keyof typeof MASK_OF_TYPE];
  return mask ? mask(String(value)) : String(maskField(def, value));
}

/** Each datum the change moves, before → after. */
async function differences(trx: Trx, call: Call, ids: readonly string[]): Promise<ReadonlyMap<string, unknown>> {
  if (!ids.length) return new Map();
  const rows = (await sql<BankData & { id: string; previous: BankData | null }>`SELECT id, previous, ${COLUMNS} FROM bank_account_changes WHERE id IN (${sql.join(ids)})`.execute(trx)).rows;
  const bankIds = [...new Set(rows.flatMap((row) => [row.bankId, row.previous?.bankId]).filter((id): id is string => typeof id === 'string' && id !== ''))];
  const bankNames = new Map(bankIds.length ? (await sql<{ id: string; name: string }>`SELECT id, name FROM banks WHERE id IN (${sql.join(bankIds)})`.execute(trx)).rows.map((bank) => [bank.id, bank.name]) : []);
  return new Map(
    rows.map((row) => {
      const before = row.previous ?? bankDataOf({});
      const moved = BANK_DATA_FIELDS.filter((field) => !sameValue(before[field], row[field]));
      return [row.id, moved.map((field) => ({ field: bankAccountChanges.fields[field].label, before: shown(field, before[field], bankNames), after: shown(field, row[field], bankNames) }))];
    }),
  );
}

/**
 * The conta financeira of the change in hand: every call on a nested record names its parent (its
 * route's path, or `service.recordCall` for an approver's decision), as every statement on it needs.
 */
const accountOf = (call: Call): string => call.parentId!;

/** What an account's "abertura" records (bankAccountOpening.ts): whether it is one, and whether its approval activates the account. */
async function openingOf(trx: Trx, changeId: string): Promise<{ opening: boolean; activates: boolean }> {
  const row = await sql<{ opening: boolean; activates: boolean }>`SELECT opening, opening_activates AS activates FROM bank_account_changes WHERE id = ${changeId}`.execute(trx);
  return row.rows[0] ?? { opening: false, activates: false };
}

export const bankAccountChangesStorage = declaredStorage(bankAccountChanges, 'bank_account_changes', {
  parent: parentIn('bank_accounts', 'bank_account_id'),
  validate: (values) => bankAccountRule(values),
  pageComputed: { differences },
  uniques: { bank_account_changes_one_waiting: { field: 'status', message: 'Outra alteração desta conta já aguarda aprovação: decida-a ou cancele-a antes de enviar esta.' } },
  // `previous`: the account's values when the change is saved, for its "Antes → depois".
  beforeCreate: async (trx, call) => ({ previous: JSON.stringify(await accountData(trx, call, accountOf(call))) }),
  // An opening's "before" stays empty: what the account holds is the opening's own proposal.
  async beforeUpdate(trx, call, _values, before, action) {
    if (action === 'update' && !(await openingOf(trx, before.id)).opening) return { previous: JSON.stringify(await accountData(trx, call, accountOf(call))) };
  },
  transitions: {
    // Runs before the approval plug routes it: the account's row is locked first, so two submits
    // for one account take turns and the second sees the first one waiting.
    async submit(trx, call, before) {
      const accountId = accountOf(call);
      const now = await accountData(trx, call, accountId, true);
      const waiting = await sql<{ number: number }>`SELECT number FROM bank_account_changes WHERE bank_account_id = ${accountId} AND status = 'awaitingApproval' AND id <> ${before.id} LIMIT 1`.execute(trx);
      if (waiting.rows[0]) throw new HttpError(409, BANK_ACCOUNT_CHANGE_MESSAGES.onePending(waiting.rows[0].number));
      if ((await openingOf(trx, before.id)).opening) return;
      if (BANK_DATA_FIELDS.every((field) => sameValue(now[field], bankDataOf(before)[field]))) throw new HttpError(409, BANK_ACCOUNT_CHANGE_MESSAGES.nothingChanged);
      await sql`UPDATE bank_account_changes SET previous = ${JSON.stringify(now)}::jsonb WHERE id = ${before.id}`.execute(trx);
    },
  },
  async afterTransition(trx, call, record, _transition, from) {
    if (record.status !== 'applied' || from === 'applied') return;
    await applyToAccount(trx, call, record);
  },
});

/**
 * The approved values onto the account, through its own service (its rules; audit
 * `bankAccounts.applyChange`); an approved opening also activates the account when its creator
 * asked for an active one.
 */
async function applyToAccount(trx: Trx, call: Call, change: WireRecord): Promise<void> {
  const accounts = call.ctx.records('bankAccounts');
  const accountId = accountOf(call);
  const { activates } = await openingOf(trx, change.id);
  await accounts.updateWhere(trx, accounts.callFrom(call), [sql`t.id = ${accountId}`], () => ({ ...bankDataOf(change), ...(activates ? { isActive: true } : {}) }), 'applyChange');
}

/**
 * A new account's abertura (bankAccountOpening.ts): a change of the data the account was made
 * with, its "before" empty, proposed by the account's creator and sent at once through this
 * resource's service (its approval plug; applied there when no queue takes it). `activates`: its
 * approval also activates the account.
 */
export async function proposeOpening(trx: Trx, call: Call, account: WireRecord, activates: boolean): Promise<void> {
  const changes = call.ctx.records('bankAccountChanges');
  const changeCall = { ...changes.callFrom(call), parentId: account.id };
  const opening = await changes.create(trx, changeCall, { ...bankDataOf(account), reason: BANK_ACCOUNT_CHANGE_MESSAGES.openingReason });
  await sql`UPDATE bank_account_changes SET opening = true, opening_activates = ${activates}, previous = NULL WHERE id = ${opening.id}`.execute(trx);
  await changes.runAction(trx, changeCall, opening.id, 'submit', {}, undefined);
}

/**
 * An account's changes, removed with the account (its abertura included): one still open is
 * cancelled first through this resource's service, so its approval leaves the approvers' inbox.
 */
export async function removeAccountChanges(trx: Trx, call: Call, accountId: string): Promise<void> {
  const changes = call.ctx.records('bankAccountChanges');
  await changes.transitionWhere(trx, { ...changes.callFrom(call), parentId: accountId }, [sql`t.bank_account_id = ${accountId}`], 'cancel', { reason: BANK_ACCOUNT_CHANGE_MESSAGES.accountDeleted }, { system: true });
  await sql`DELETE FROM bank_account_changes WHERE bank_account_id = ${accountId}`.execute(trx);
}
