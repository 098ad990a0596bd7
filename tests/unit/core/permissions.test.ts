import { beforeEach, describe, expect, it } from 'vitest';
import { can, canCreate, toCamelCase } from '../../../src/core/permissions';
import { resetSession, setLoggedUser, setPermissions } from '../../../src/core/session';
import type { EffectivePermission } from '../../../src/contracts/identity';
import { makeUser } from './helpers';

const permissions: EffectivePermission[] = [
  { resources: [{ name: 'purchaseOrders', scopes: ['read', 'create'] }], acls: [] },
  { resources: [{ name: 'orders', scopes: ['read'] }], acls: [{ name: 'payables', scopes: ['create', 'approve'] }] },
];

describe('can (spec §6)', () => {
  it('needs a signed-in user', () => {
    const r = can({ user: null, permissions }, 'orders', 'read');
    expect(r.can).toBe(false);
    expect(r.reason).toBe('Você precisa se autenticar para continuar.');
  });

  it('needs effective permissions (except for SystemOwner)', () => {
    expect(can({ user: makeUser(), permissions: null }, 'orders', 'read').can).toBe(false);
    expect(can({ user: makeUser({ accessLevel: 'SystemOwner' }), permissions: null }, 'anything', 'delete')).toEqual({ can: true });
  });

  it('matches the module name as written or in camelCase', () => {
    expect(toCamelCase('purchase-orders')).toBe('purchaseOrders');
    expect(toCamelCase('bank_accounts')).toBe('bankAccounts');
    const user = makeUser();
    expect(can({ user, permissions }, 'purchase-orders', 'create').can).toBe(true);
    expect(can({ user, permissions }, 'purchaseOrders', 'create').can).toBe(true);
  });

  it('accepts ACL entries as well as resources', () => {
    expect(can({ user: makeUser(), permissions }, 'payables', 'approve').can).toBe(true);
  });

  it('refuses a missing scope or an unknown module', () => {
    const user = makeUser();
    const r = can({ user, permissions }, 'orders', 'create');
    expect(r).toEqual({ can: false, reason: 'Você não tem permissão para este acesso.' });
    expect(can({ user, permissions }, 'quotes', 'read').can).toBe(false);
  });
});

describe('canCreate (shared store)', () => {
  beforeEach(() => resetSession());

  it('reads the session: create scope on the resource', () => {
    expect(canCreate('purchaseOrders')).toBe(false);
    setLoggedUser(makeUser());
    setPermissions(permissions);
    expect(canCreate('purchaseOrders')).toBe(true);
    expect(canCreate('orders')).toBe(false);
  });
});
