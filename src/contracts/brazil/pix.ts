/**
 * PIX keys (chaves PIX): CPF, CNPJ, e-mail, phone (E.164 `+55…`, mobile only, as the DICT
 * registers) and the random key (EVP, a UUID). Detection and the canonical DICT form come from
 * @brazilian-utils `getPixKeyInfo`; when the type is known (the user chose it) the key is read
 * as that type, which settles the one real ambiguity: 11 digits that are both a valid CPF and a
 * valid mobile number.
 */
import { getPixKeyInfo } from '@brazilian-utils/brazilian-utils/get-pix-key-info';
import { normaliseCnpj, normaliseCpf, validCnpj, validCpf } from './documents';
import { normaliseEmail } from './email';
import { isMobile, normalisePhone, validPhone } from './phone';
import type { PixKeyType } from './pixKeyTypes';

export { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from './pixKeyTypes';

export interface PixKey {
  type: PixKeyType;
  /** Canonical DICT form: digits (CPF), 14 upper-case chars (CNPJ), lower-case e-mail, `+55…`, lower-case UUID. */
  value: string;
}

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` has a random key's (EVP) shape: a UUID, in any case (the audit masks these: server/registry/audit-mask.ts). */
export const isRandomKeyShape = (value: string): boolean => EVP.test(value.trim().toLowerCase());

/** Reads `value` as a key of `type`; null when it is not one. */
function readAs(value: string, type: PixKeyType): string | null {
  const raw = value.trim();
  switch (type) {
    case 'cpf': {
      const cpf = normaliseCpf(raw);
      return cpf && validCpf(cpf) ? cpf : null;
    }
    case 'cnpj': {
      const cnpj = normaliseCnpj(raw);
      return cnpj && validCnpj(cnpj) ? cnpj : null;
    }
    case 'email': {
      const email = normaliseEmail(raw);
      return email && email.length <= 77 ? email.toLowerCase() : null;
    }
    case 'phone': {
      const phone = normalisePhone(raw);
      return phone && isMobile(phone) && validPhone(phone) ? `+55${phone}` : null;
    }
    case 'evp': {
      const evp = raw.toLowerCase();
      return EVP.test(evp) ? evp : null;
    }
  }
}

/**
 * The key in canonical form: read as `type` when given, else detected (an 11-digit value valid
 * as both CPF and phone is a CPF unless written as a phone, "(11) 9…" or "+55…").
 */
export function normalisePixKey(value: string, type?: PixKeyType | null): PixKey | null {
  if (type) {
    const key = readAs(value, type);
    return key === null ? null : { type, value: key };
  }
  const info = getPixKeyInfo(value.trim());
  return info ? { type: info.type, value: info.value } : null;
}

/** Type a typed or pasted key looks like (null when it is none yet). */
export const detectPixKeyType = (value: string): PixKeyType | null => normalisePixKey(value)?.type ?? null;

/** A stored key (canonical form) of `type`, or of any type when `type` is omitted. */
export function validPixKey(value: string, type?: PixKeyType | null): boolean {
  const key = normalisePixKey(value, type);
  return key !== null && key.value === value;
}
