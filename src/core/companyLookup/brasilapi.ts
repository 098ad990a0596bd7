import { normaliseUf } from '../../contracts/brazil';
import type { CompanyData } from './types';

/** The JSON a BrasilAPI-shaped service answers for `/api/cnpj/v1/{cnpj}` (the fields used here). */
export interface BrasilApiCompany {
  razao_social?: string;
  nome_fantasia?: string | null;
  email?: string | null;
  ddd_telefone_1?: string | null;
  cep?: string | number | null;
  descricao_tipo_de_logradouro?: string | null;
  logradouro?: string | null;
  numero?: string | number | null;
  complemento?: string | null;
  bairro?: string | null;
  municipio?: string | null;
  uf?: string | null;
  codigo_municipio_ibge?: string | number | null;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const digits = (value: unknown) => str(value).replace(/\D/g, '');

/** The street with its type ("AVENIDA" + "PAULISTA"), unless the name already starts with it. */
function streetOf(body: BrasilApiCompany): string {
  const type = str(body.descricao_tipo_de_logradouro);
  const name = str(body.logradouro);
  if (!type || !name || name.toUpperCase().startsWith(`${type.toUpperCase()} `)) return name;
  return `${type} ${name}`;
}

/** The company in a BrasilAPI answer, or null when it names none. */
export function readBrasilApi(cnpj: string, body: BrasilApiCompany): CompanyData | null {
  const name = str(body?.razao_social);
  if (!name) return null;
  const email = str(body.email).toLowerCase();
  const phone = digits(body.ddd_telefone_1);
  const cep = digits(body.cep);
  const ibge = digits(body.codigo_municipio_ibge);
  return {
    cnpj,
    name,
    tradeName: str(body.nome_fantasia),
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '',
    phone: phone.length === 10 || phone.length === 11 ? phone : '',
    address: /^\d{8}$/.test(cep)
      ? {
          cep,
          street: streetOf(body),
          number: str(body.numero),
          complement: str(body.complemento),
          district: str(body.bairro),
          cityCode: /^\d{7}$/.test(ibge) ? ibge : null,
          cityName: str(body.municipio),
          state: normaliseUf(str(body.uf)),
        }
      : null,
  };
}
