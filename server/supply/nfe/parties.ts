/**
 * Whether an NF-e is between the right parties (pure): `emit` is the purchase order's supplier
 * (when the caller knows it) and `dest` is this organisation. Documents compare as stored
 * (unmasked, upper case): a CNPJ (numeric or alphanumeric) or a CPF.
 */
import { unmask } from '../../../src/contracts/brazil/text.js';
import { NFE_MESSAGES } from './messages.js';
import type { Nfe, NfeCheck } from './types.js';

export interface NfePartiesExpected {
  /** The organisation's CNPJ/CPF — or several (its branches) — any formatting. */
  organisationDocument: string | readonly string[];
  /** The purchase order supplier's CNPJ/CPF, any formatting; absent: not checked. */
  supplierDocument?: string | null;
}

export function checkNfeParties(nfe: Pick<Nfe, 'emit' | 'dest'>, expected: NfePartiesExpected): NfeCheck {
  const problems: string[] = [];
  if (expected.supplierDocument) {
    const supplier = unmask(expected.supplierDocument);
    if (!nfe.emit.document) problems.push(NFE_MESSAGES.noEmitterDocument);
    else if (unmask(nfe.emit.document) !== supplier) problems.push(NFE_MESSAGES.notSupplier(nfe.emit.document, supplier));
  }
  const organisation = (typeof expected.organisationDocument === 'string' ? [expected.organisationDocument] : expected.organisationDocument).map(unmask);
  const dest = nfe.dest?.document;
  if (!dest) problems.push(NFE_MESSAGES.noDestDocument);
  else if (!organisation.includes(unmask(dest))) problems.push(NFE_MESSAGES.notOrganisation(dest));
  return problems.length ? { ok: false, message: problems[0], problems } : { ok: true };
}
