import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { fillPath, ifMatch, parseIfMatch, parseSort } from '../../../src/contracts/resource';
import { bulkRequest, listQuerySchema, recordSchema, writeSchema } from '../../../src/contracts/resourceSchemas';
import { resourceList, users } from '../../../src/contracts/resources';
import { apiQuery, changeListState, filterParams, listSearch, nextSort, readListState } from '../../../src/core/resources/query';

describe('HTTP conventions', () => {
  it('list query: page 1-based, perPage default 25 max 100, sort and q', () => {
    expect(z.parse(listQuerySchema, {})).toEqual({ page: 1, perPage: 25 });
    expect(z.parse(listQuerySchema, { page: '3', perPage: '100', sort: '-createdAt,name', q: 'ana' })).toEqual({ page: 3, perPage: 100, sort: '-createdAt,name', q: 'ana' });
    expect(z.safeParse(listQuerySchema, { perPage: '101' }).success).toBe(false);
    expect(z.safeParse(listQuerySchema, { page: '0' }).success).toBe(false);
    expect(z.safeParse(listQuerySchema, { sort: 'name;drop' }).success).toBe(false);
    expect(parseSort('-createdAt,name')).toEqual([{ field: 'createdAt', desc: true }, { field: 'name', desc: false }]);
  });

  it('If-Match carries the version as a strong entity tag', () => {
    expect(ifMatch(3)).toBe('"3"');
    expect(parseIfMatch('"3"')).toBe(3);
    expect(parseIfMatch('W/"7"')).toBe(7);
    expect(parseIfMatch('*')).toBeNull();
    expect(parseIfMatch(undefined)).toBeNull();
  });

  it('bodies: writable fields only, unknown keys refused; bulk {ids}', () => {
    const write = writeSchema(users);
    expect(Object.keys(write.shape)).not.toContain('lastLoginAt');
    expect(z.safeParse(write, { extra: 1 }).success).toBe(false);
    expect(Object.keys(recordSchema(users).shape)).toEqual(expect.arrayContaining(['id', 'version', 'createdAt', 'updatedAt', '_refs', 'lastLoginAt']));
    expect(z.safeParse(bulkRequest, { ids: [] }).success).toBe(false);
    expect(z.safeParse(bulkRequest, { ids: ['a'] }).success).toBe(true);
  });

  it('nested paths fill their parent parameter', () => {
    expect(fillPath('applications/{applicationId}/acls', { applicationId: 'current' })).toBe('applications/current/acls');
    expect(() => fillPath('applications/{applicationId}/acls', {})).toThrow();
  });

  it('filters are plain parameters: any-of repeated, ranges as .from/.to', () => {
    expect(filterParams(users)).toEqual(['accessLevel', 'isActive', 'groups', 'createdAt.from', 'createdAt.to']);
    const state = readListState(users, new URLSearchParams('groups=g1&groups=g2&createdAt.from=2025-01-01&unknown=x&page=2'));
    expect(state.filters).toEqual({ groups: ['g1', 'g2'], 'createdAt.from': ['2025-01-01'] });
    expect(apiQuery(state)).toEqual({ page: 2, perPage: 25, sort: 'name', groups: ['g1', 'g2'], 'createdAt.from': ['2025-01-01'] });
    expect(apiQuery(state, false)).not.toHaveProperty('page');
    expect(listSearch(users, changeListState(state, { q: 'ana' }))).toBe('?q=ana&groups=g1&groups=g2&createdAt.from=2025-01-01');
    expect(nextSort('name', 'name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name', 'name')).toBe('name');
    expect(nextSort('-email', 'email', 'name')).toBe('name');
  });
});

describe('declared actions', () => {
  it('a `set` action names writable fields with values they accept, and is offered on a selection', () => {
    const found: string[] = [];
    for (const resource of resourceList) {
      for (const action of resource.actions ?? []) {
        if (!action.set) continue;
        found.push(`${resource.name}.${action.name}`);
        expect(action.bulk || action.row, `${resource.name}.${action.name}`).toBeTruthy();
        // What it is offered on: values its fields can hold.
        for (const [field, values] of Object.entries(action.offeredWhen ?? {})) {
          const options = (resource.fields[field] as { options?: readonly unknown[] } | undefined)?.options ?? [true, false];
          expect(resource.fields[field], `${resource.name}.${action.name}: offeredWhen ${field}`).toBeDefined();
          for (const value of values) expect(options, `${resource.name}.${action.name}: offeredWhen ${field}`).toContain(value);
        }
        for (const [field, value] of Object.entries(action.set)) {
          expect(resource.fields[field]?.readOnly, `${resource.name}.${action.name}: ${field}`).toBeFalsy();
          expect(z.safeParse(resource.schema.shape[field] as z.ZodMiniType, value).success, `${resource.name}.${action.name}: ${field}`).toBe(true);
        }
      }
    }
    // Registries with an "Ativo" field activate and inactivate a selection.
    expect(found).toEqual(expect.arrayContaining(['suppliers.activate', 'suppliers.deactivate', 'products.deactivate', 'costCenters.deactivate', 'users.deactivate']));
  });
});
