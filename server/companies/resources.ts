/**
 * Storage of the companies family (`/v1/companies`) for the registry plugin:
 * - persons → `persons`: one row per CPF/CNPJ of the organisation (unique → 409 with the
 *   declaration's message); `kind` (PF/PJ) follows the document on every write; contacts,
 *   addresses, bank data and PIX keys are jsonb lists (bank ids inside them are checked and
 *   labelled like any reference: `_refs['bankAccounts.0.bankId']`).
 * - customers, suppliers → VIEWS over `persons` (`viewOf`): only persons with the flag are
 *   listed, read, changed or deleted through them; creating sets the flag. Deleting through a
 *   view removes the person only when it has no other role: a customer that is also a supplier
 *   just stops being a customer (the supplier stays, with its history).
 * - companyTypes → `company_types` (name unique, case-insensitive); a type with companies cannot
 *   be deleted.
 * - companies → `companies`, nested under their type (`company-types/{companyTypeId}/companies`).
 * Rules across fields (IE valid for its UF, municipality and CEP of the address's UF) come from
 * registry/rules.ts, shared with the batch import.
 */
import { sql } from 'kysely';
import { documentKind } from '../../src/contracts/brazil/index.js';
import { companies, companyTypes, customers, persons, suppliers } from '../../src/contracts/resources/index.js';
import type { AnyResource } from '../../src/contracts/resource.js';
import { HttpError } from '../errors.js';
import { declaredStorage, parentIn } from '../registry/declared.js';
import { partyRules } from '../registry/rules.js';
import { notFound } from '../registry/records.js';
import type { ResourceStorage, Storages, Values } from '../registry/storage.js';

export const PERSONS_TABLE = 'persons';

const kindOf = (values: Values) => ({ kind: documentKind(String(values.document ?? '')) ?? 'PJ' });

/** The person storage for `persons` and its views. */
function personStorage(resource: AnyResource): ResourceStorage {
  const view = resource.viewOf;
  const flag = view ? Object.keys(view.where)[0] : undefined;
  // The other role of a view: a customer that is also a supplier keeps its record.
  const otherFlag = flag === 'isCustomer' ? 'isSupplier' : flag === 'isSupplier' ? 'isCustomer' : undefined;
  return declaredStorage(resource, PERSONS_TABLE, {
    foldedColumns: { name: 'name_folded', tradeName: 'trade_name_folded' },
    validate: (values) => partyRules(values),
    beforeCreate: async (_trx, _call, values) => kindOf(values),
    beforeUpdate: async (_trx, _call, values) => kindOf(values),
    ...(flag && otherFlag
      ? {
          async remove(trx, call, before) {
            const column = flag === 'isCustomer' ? 'is_customer' : 'is_supplier';
            const result =
              before[otherFlag] === true
                ? await sql`UPDATE persons SET ${sql.ref(column)} = false, version = version + 1, updated_at = ${call.ctx.clock()}
                    WHERE org_id = ${call.tenant} AND id = ${before.id} AND ${sql.ref(column)}`.execute(trx)
                : await sql`DELETE FROM persons WHERE org_id = ${call.tenant} AND id = ${before.id} AND ${sql.ref(column)}`.execute(trx);
            if (Number(result.numAffectedRows ?? 0n) !== 1) throw notFound();
          },
        }
      : {}),
  });
}

const companyTypesStorage = declaredStorage(companyTypes, 'company_types', {
  async beforeDelete(trx, call, before) {
    const used = await sql`SELECT 1 FROM companies WHERE org_id = ${call.tenant} AND company_type_id = ${before.id} LIMIT 1`.execute(trx);
    if (used.rows.length) throw new HttpError(409, 'Este tipo tem empresas e não pode ser excluído. Mova ou exclua as empresas antes.');
  },
});

const companiesStorage = declaredStorage(companies, 'companies', {
  parent: parentIn('company_types', 'company_type_id'),
  validate: (values) => partyRules(values),
});

export const companiesStorages: Storages = {
  persons: personStorage(persons),
  customers: personStorage(customers),
  suppliers: personStorage(suppliers),
  companyTypes: companyTypesStorage,
  companies: companiesStorage,
};
