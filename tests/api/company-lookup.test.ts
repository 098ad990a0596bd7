/**
 * The CNPJ lookup our server serves (commons/company-lookup.ts): BrasilAPI-shaped, only the fields
 * the forms use, signed-in users only, a valid numeric CNPJ or nothing is asked, 404 for one the
 * service does not know, 503 when it cannot answer (then it rests), cached answers.
 */
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../src/contracts/brazil/documents';
import { call, loginSession, useTestEnv } from './fixture';

const URL = '/v1/commons/companies/cnpj';
const cnpjOf = (base12: string) => base12 + cnpjCheckDigits(base12);
const KNOWN = cnpjOf('191311000001');
const UNKNOWN = cnpjOf('111111110001');
const BROKEN = cnpjOf('222222220001');

describe('company lookup by CNPJ with an upstream', () => {
  const seen: string[] = [];
  const upstream = async (input: string) => {
    seen.push(input);
    if (input.endsWith(`/${KNOWN}`)) {
      return new Response(JSON.stringify({
        cnpj: KNOWN, razao_social: 'PADARIA MODELO LTDA', nome_fantasia: 'PADARIA MODELO', email: 'Contato@Modelo.com.br', ddd_telefone_1: '1133334444',
        cep: '01310100', descricao_tipo_de_logradouro: 'AVENIDA', logradouro: 'PAULISTA', numero: '1578', complemento: 'LOJA 2', bairro: 'BELA VISTA',
        municipio: 'SAO PAULO', uf: 'SP', codigo_municipio_ibge: 3550308, qsa: [{ nome_socio: 'Fulano' }], extra: '<script>',
      }), { status: 200 });
    }
    if (input.endsWith(`/${UNKNOWN}`)) return new Response(JSON.stringify({ message: 'CNPJ não encontrado', type: 'not_found' }), { status: 404 });
    return new Response('falhou', { status: 502 });
  };
  const env = useTestEnv('pglite', { companyLookup: { upstream: 'https://cnpj.example.test/api/cnpj/v1/', fetch: upstream as typeof fetch } });

  it('answers the BrasilAPI fields the forms use, caches them, 404 for an unknown CNPJ, 400 without asking for an invalid one', async () => {
    const session = await loginSession(env, 'admin@demo.com.br');
    const found = await call(env, 'GET', `${URL}/${KNOWN}`, { session });
    expect(found.status, found.raw).toBe(200);
    expect(found.body).toEqual({
      cnpj: KNOWN, razao_social: 'PADARIA MODELO LTDA', nome_fantasia: 'PADARIA MODELO', email: 'contato@modelo.com.br', ddd_telefone_1: '1133334444',
      cep: '01310100', descricao_tipo_de_logradouro: 'AVENIDA', logradouro: 'PAULISTA', numero: '1578', complemento: 'LOJA 2', bairro: 'BELA VISTA',
      municipio: 'SAO PAULO', uf: 'SP', codigo_municipio_ibge: '3550308',
    });
    expect(seen).toEqual([`https://cnpj.example.test/api/cnpj/v1/${KNOWN}`]);
    // The masked form asks for the same company (cached: the upstream is not asked again).
    const masked = `${KNOWN.slice(0, 2)}.${KNOWN.slice(2, 5)}.${KNOWN.slice(5, 8)}/${KNOWN.slice(8, 12)}-${KNOWN.slice(12)}`;
    expect((await call(env, 'GET', `${URL}/${encodeURIComponent(masked)}`, { session })).status).toBe(200);
    expect(seen).toHaveLength(1);
    const unknown = await call(env, 'GET', `${URL}/${UNKNOWN}`, { session });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('CNPJ não encontrado.');
    const invalid = await call(env, 'GET', `${URL}/${KNOWN.slice(0, 13)}0`, { session });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('CNPJ inválido.');
    expect(seen).toHaveLength(2);
  });

  it('says 503 when the service cannot answer, and then rests instead of asking again at once', async () => {
    const session = await loginSession(env, 'admin@demo.com.br');
    const before = seen.length;
    const down = await call(env, 'GET', `${URL}/${BROKEN}`, { session });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('O serviço de consulta de CNPJ não respondeu.');
    expect((await call(env, 'GET', `${URL}/${cnpjOf('333333330001')}`, { session })).status).toBe(503);
    expect(seen.length).toBe(before + 1);
  });

  it('needs a session', async () => {
    expect((await call(env, 'GET', `${URL}/${KNOWN}`)).status).toBe(401);
  });
});

describe('company lookup turned off', () => {
  const env = useTestEnv('pglite');
  it('answers 503 for every valid CNPJ (the form says it could not look it up)', async () => {
    const session = await loginSession(env, 'admin@demo.com.br');
    expect((await call(env, 'GET', `${URL}/${KNOWN}`, { session })).status).toBe(503);
  });
});
