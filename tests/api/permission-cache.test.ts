/**
 * Permissions are cached per user and tagged with the organisation's permission stamp: any change
 * of memberships, a group's policies or a policy's permissions — made by this instance's API or
 * straight in the database, as another instance would — takes effect on the very next request.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID } from '../../server/db/seed.js';
import { call, databaseKinds, userInGroups, useTestEnv } from './fixture.js';

const BANK_ACCOUNTS = '/api/finance/bank-accounts';

describe.each(databaseKinds())('permission cache [%s]', (kind) => {
  const env = useTestEnv(kind);

  it('sees a membership, a policy and a scope change on the next request', async () => {
    const { user, session } = await userInGroups(env, ['Solicitante']);
    const status = async () => (await call(env, 'GET', `${BANK_ACCOUNTS}?perPage=1`, { session })).status;
    expect(await status()).toBe(403);
    expect(await status()).toBe(403); // cached now

    const finance = await env.db.selectFrom('user_groups').select('id').where('org_id', '=', DEMO_ORG_ID).where('name', '=', 'Financeiro').executeTakeFirstOrThrow();
    await env.db.insertInto('user_group_members').values({ org_id: DEMO_ORG_ID, group_id: finance.id, user_id: user.id }).execute();
    expect(await status()).toBe(200);

    // The Financeiro policy loses read on bank accounts (another instance's admin did it).
    const policy = await sql<{ id: string; scopes: string[] }>`SELECT pp.id, pp.scopes FROM policy_permissions pp JOIN policies p ON p.id = pp.policy_id
      WHERE p.org_id = ${DEMO_ORG_ID} AND p.name = 'Financeiro' AND pp.name = 'bankAccounts'`.execute(env.db);
    const row = policy.rows[0];
    await sql`UPDATE policy_permissions SET scopes = ${row.scopes.filter((s) => s !== 'read')} WHERE id = ${row.id}`.execute(env.db);
    expect(await status()).toBe(403);
    await sql`UPDATE policy_permissions SET scopes = ${row.scopes} WHERE id = ${row.id}`.execute(env.db);
    expect(await status()).toBe(200);

    await env.db.deleteFrom('user_group_members').where('group_id', '=', finance.id).where('user_id', '=', user.id).execute();
    expect(await status()).toBe(403);
  });

  it('sees a change of many rows made by one statement on the next request, for every user it touched', async () => {
    const first = await userInGroups(env, ['Solicitante']);
    const second = await userInGroups(env, ['Solicitante']);
    const status = async (session: typeof first.session) => (await call(env, 'GET', `${BANK_ACCOUNTS}?perPage=1`, { session })).status;
    expect([await status(first.session), await status(second.session)]).toEqual([403, 403]);

    const finance = await env.db.selectFrom('user_groups').select('id').where('org_id', '=', DEMO_ORG_ID).where('name', '=', 'Financeiro').executeTakeFirstOrThrow();
    // One INSERT of two rows, then one DELETE of both (bulk changes straight in the database).
    await env.db
      .insertInto('user_group_members')
      .values([first.user, second.user].map((user) => ({ org_id: DEMO_ORG_ID, group_id: finance.id, user_id: user.id })))
      .execute();
    expect([await status(first.session), await status(second.session)]).toEqual([200, 200]);
    await env.db.deleteFrom('user_group_members').where('group_id', '=', finance.id).where('user_id', 'in', [first.user.id, second.user.id]).execute();
    expect([await status(first.session), await status(second.session)]).toEqual([403, 403]);
  });

  it('keeps one organisation\'s changes from touching another\'s stamp', async () => {
    const stamps = async () => (await sql<{ org_id: string; stamp: string }>`SELECT org_id, stamp FROM permission_epochs ORDER BY org_id`.execute(env.db)).rows;
    const before = await stamps();
    await userInGroups(env, ['Solicitante']);
    const after = await stamps();
    expect(after.find((r) => r.org_id === DEMO_ORG_ID)!.stamp).not.toBe(before.find((r) => r.org_id === DEMO_ORG_ID)!.stamp);
    expect(after.filter((r) => r.org_id !== DEMO_ORG_ID)).toEqual(before.filter((r) => r.org_id !== DEMO_ORG_ID));
  });
});
