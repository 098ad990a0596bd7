/**
 * Our PIX keys on the contas financeiras (`bank_accounts.pix_keys`, a jsonb list of
 * `{type, key, isDefault}` as the declaration's `pixKeys`): a parcela a receber paid by PIX now
 * chooses one of the keys of its receiving account instead of typing one (server/finance/receipts.ts).
 *
 * Existing rows, nothing lost: every distinct key a receivable parcela was given by hand is copied
 * onto the account it named (its first type seen, in the order the keys were first used), none
 * marked principal — the finance team chooses. A parcela whose key has no account stays as it is
 * (its key is checked again only when its receipt data change). The parcelas keep their key.
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  `ALTER TABLE bank_accounts ADD COLUMN pix_keys jsonb NOT NULL DEFAULT '[]'::jsonb CONSTRAINT bank_accounts_pix_keys_array CHECK (jsonb_typeof(pix_keys) = 'array')`,
  `UPDATE bank_accounts AS a SET pix_keys = k.keys
    FROM (
      SELECT d.org_id, d.bank_account_id, jsonb_agg(jsonb_build_object('type', d.pix_key_type, 'key', d.pix_key, 'isDefault', false) ORDER BY d.first_used, d.pix_key) AS keys
        FROM (
          SELECT DISTINCT ON (i.org_id, i.bank_account_id, i.pix_key) i.org_id, i.bank_account_id, i.pix_key, i.pix_key_type,
                 min(i.created_at) OVER (PARTITION BY i.org_id, i.bank_account_id, i.pix_key) AS first_used
            FROM installments i
           WHERE i.direction = 'receivable' AND i.bank_account_id IS NOT NULL AND i.pix_key IS NOT NULL AND i.pix_key <> '' AND i.pix_key_type IS NOT NULL
           ORDER BY i.org_id, i.bank_account_id, i.pix_key, i.created_at
        ) d
       GROUP BY d.org_id, d.bank_account_id
    ) k
   WHERE a.id = k.bank_account_id AND a.org_id = k.org_id`,
];

const down = [`ALTER TABLE bank_accounts DROP COLUMN pix_keys`];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
