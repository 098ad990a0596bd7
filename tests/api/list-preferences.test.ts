/**
 * A user's columns and saved filters per list, kept on the server: their own only, checked
 * against the declaration, still there in a new session; no access without reading the list.
 */
import { describe, expect, it } from 'vitest';
import { payableInstallments, suppliers, users } from '../../src/contracts/resources/index.js';
import { call, databaseKinds, loginSession, useTestEnv } from './fixture.js';
import { apiPath } from './registry-support.js';

describe.each(databaseKinds())('list preferences [%s]', (kind) => {
  const env = useTestEnv(kind);
  const url = `${apiPath(suppliers)}/preferences`;

  it('keeps each user’s columns and saved filters, across sessions', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    expect((await call(env, 'GET', url, { session: admin })).body).toEqual({ columns: null, filters: [] });
    const chosen = { columns: ['name', 'phone'], filters: [{ name: ' Ativos ', query: '?isActive=true' }, { name: 'Busca Ltda', query: '?q=Ltda&sort=-name' }] };
    const saved = await call(env, 'PUT', url, { session: admin, body: chosen });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toEqual({ columns: ['name', 'phone'], filters: [{ name: 'Ativos', query: '?isActive=true' }, { name: 'Busca Ltda', query: '?q=Ltda&sort=-name' }] });

    // A new session (another login) finds them; another user has their own (none yet).
    const again = await loginSession(env, 'admin@demo.com.br');
    expect((await call(env, 'GET', url, { session: again })).body).toEqual(saved.body);
    const buyer = await loginSession(env, 'compras@demo.com.br');
    expect((await call(env, 'GET', url, { session: buyer })).body).toEqual({ columns: null, filters: [] });
    // Per list: the users list has nothing of the suppliers list.
    expect((await call(env, 'GET', `${apiPath(users)}/preferences`, { session: admin })).body).toEqual({ columns: null, filters: [] });

    // Back to the declaration's columns.
    const reset = await call(env, 'PUT', url, { session: admin, body: { columns: null, filters: saved.body.filters } });
    expect(reset.body.columns).toBeNull();
  });

  it('refuses columns the list does not have, repeated names, and callers who cannot read the list', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const unknown = await call(env, 'PUT', url, { session: admin, body: { columns: ['name', 'passwordHash'], filters: [] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.columns).toEqual(['Coluna desconhecida: passwordHash.']);
    const none = await call(env, 'PUT', url, { session: admin, body: { columns: [], filters: [] } });
    expect(none.status).toBe(400);
    const twice = await call(env, 'PUT', url, { session: admin, body: { columns: null, filters: [{ name: 'A', query: '' }, { name: 'a', query: '?q=x' }] } });
    expect(twice.status).toBe(400);
    expect(twice.body.errors.filters).toEqual(['Já existe um filtro chamado "A".']);
    const unnamed = await call(env, 'PUT', url, { session: admin, body: { columns: null, filters: [{ name: '  ', query: '' }] } });
    expect(unnamed.status).toBe(400);

    expect((await call(env, 'GET', url)).status).toBe(401);
    const requester = await loginSession(env, 'solicitante@demo.com.br');
    expect((await call(env, 'GET', url, { session: requester })).status).toBe(403);
    expect((await call(env, 'PUT', url, { session: requester, body: { columns: null, filters: [] } })).status).toBe(403);
  });

  it('keeps them per list: a queue mounting the same records has its own, the rows kept before stay the default list’s', async () => {
    const admin = await loginSession(env, 'admin@demo.com.br');
    const base = `${apiPath(payableInstallments)}/preferences`;
    // A row stored before named lists existed (its key is the declaration's name) is the default list's.
    const me = await env.db.selectFrom('users').select(['id', 'org_id']).where('email', '=', 'admin@demo.com.br').executeTakeFirstOrThrow();
    await env.db.insertInto('list_preferences' as never).values({ org_id: me.org_id, user_id: me.id, list_key: 'payableInstallments', columns: JSON.stringify(['dueDate', 'amount']), filters: '[]' } as never).execute();
    expect((await call(env, 'GET', base, { session: admin })).body).toEqual({ columns: ['dueDate', 'amount'], filters: [] });

    // The payment queue and the authorised parcelas: each its own, none of the default list's.
    expect((await call(env, 'GET', `${base}?list=paymentQueue`, { session: admin })).body).toEqual({ columns: null, filters: [] });
    const queue = { columns: ['dueDate', 'supplierId', 'openBalance'], filters: [{ name: 'Vencidas', query: '?isOverdue=true' }] };
    expect((await call(env, 'PUT', `${base}?list=paymentQueue`, { session: admin, body: queue })).body).toEqual(queue);
    const authorized = { columns: null, filters: [{ name: 'Banco', query: '?bankAccountId=x' }] };
    expect((await call(env, 'PUT', `${base}?list=paymentAuthorized`, { session: admin, body: authorized })).body).toEqual(authorized);
    expect((await call(env, 'GET', `${base}?list=paymentQueue`, { session: admin })).body).toEqual(queue);
    expect((await call(env, 'GET', `${base}?list=paymentAuthorized`, { session: admin })).body).toEqual(authorized);
    expect((await call(env, 'GET', base, { session: admin })).body).toEqual({ columns: ['dueDate', 'amount'], filters: [] });

    // Only the declaration's lists: an unknown name, or a name on a declaration without named lists, is a 400.
    expect((await call(env, 'GET', `${base}?list=somewhere`, { session: admin })).status).toBe(400);
    expect((await call(env, 'PUT', `${base}?list=somewhere`, { session: admin, body: queue })).status).toBe(400);
    expect((await call(env, 'GET', `${url}?list=paymentQueue`, { session: admin })).status).toBe(400);
  });
});
