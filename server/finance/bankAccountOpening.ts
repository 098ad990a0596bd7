/**
 * A new conta financeira's bank data go through the same dual control as a change of them
 * (bankAccountChanges.ts): an account made with bank routing data or PIX keys is created inactive,
 * with an "abertura" — an alteração de dados bancários of the data it was made with, its "before"
 * empty, sent to the queue of such changes at once. Its approval activates the account (when its
 * creator asked for an active one); with no queue for it, it is applied in the same request, as any
 * change is. Until then the account cannot be activated, so nothing new can be paid from it, nor
 * a customer told to pay into it (an inactive record is never newly chosen: records.ts). An
 * abertura cancelled leaves it so for good, and says so: delete the account and make it again. Whoever
 * creates the account proposes the abertura, so they never approve it (the approval service).
 * A cash box without PIX keys has nothing to approve and is created as asked.
 */
import { sql, type RawBuilder } from 'kysely';
import { BANK_ACCOUNT_CHANGE_MESSAGES, bankAccountChangeWorkflow } from '../../src/contracts/resources/bankAccountChanges.js';
import { inPhases } from '../registry/phases.js';
import { HttpError } from '../errors.js';
import type { Call, Trx, Values, WireRecord } from '../registry/storage.js';
import { proposeOpening, removeAccountChanges } from './bankAccountChanges.js';

const hasBankData = (values: Values): boolean => values.type !== 'cash' || (Array.isArray(values.pixKeys) && values.pixKeys.length > 0);

/**
 * Where the account's bank data stand (`bankDataStatus`): approved — its abertura applied, or it
 * never needed one (made before aberturas, or a cash box without PIX keys); its abertura cancelled
 * — they never will be, so the account stays inactive (delete it and make it again); else its
 * abertura waits (draft, sent, or refused to correct). Only the abertura counts: another change
 * approved meanwhile shows its approver only what it moves, not the data the account was made with.
 */
const bankDataStatusOf = (account: RawBuilder<unknown>) => {
  const status = sql.ref('c.status');
  return sql`COALESCE((SELECT CASE WHEN ${inPhases(status, bankAccountChangeWorkflow, ['done'])} THEN 'approved' WHEN ${inPhases(status, bankAccountChangeWorkflow, ['void'])} THEN 'openingCancelled' ELSE 'awaitingApproval' END
    FROM bank_account_changes c WHERE c.bank_account_id = ${account} AND c.opening), 'approved')`;
};

/** The bank accounts' storage hooks for it, and `bankDataStatus`. */
export const bankAccountOpening = {
  computed: { bankDataStatus: bankDataStatusOf(sql`t.id`) },

  /** Created inactive: its abertura's approval activates it. */
  async beforeCreate(_trx: Trx, _call: Call, values: Values): Promise<Record<string, unknown> | void> {
    if (hasBankData(values)) return { is_active: false };
  },

  /** The abertura, proposed by the account's creator and sent at once (applied there when no queue takes it). */
  async afterCreate(trx: Trx, call: Call, record: WireRecord, asked: Values): Promise<void> {
    if (hasBankData(asked)) await proposeOpening(trx, call, record, asked.isActive !== false);
  },

  /** An account deleted (one without movement: the database refuses the rest) takes its changes with it. */
  async beforeDelete(trx: Trx, call: Call, before: WireRecord): Promise<void> {
    await removeAccountChanges(trx, call, before.id);
  },

  /** No activation (an edit's or the "Ativar" action's) before the abertura is approved (`bankDataStatus`, read with the locked record). */
  async beforeUpdate(_trx: Trx, _call: Call, values: Values, before: WireRecord): Promise<void> {
    if (values.isActive !== true || before.isActive === true || before.bankDataStatus === 'approved') return;
    throw new HttpError(409, before.bankDataStatus === 'openingCancelled' ? BANK_ACCOUNT_CHANGE_MESSAGES.openingCancelled : BANK_ACCOUNT_CHANGE_MESSAGES.openingPending);
  },
};
