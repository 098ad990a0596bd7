/**
 * The catalogue's declared wiring, for every served declaration, against the migrated database:
 * each stored field has its column, each link and child table its columns; workflows give every
 * state a phase and name only their own states; a declared approval plug is applied (its submit
 * routes), its fields exist, and the approval queues offer exactly the plugged resources; a
 * declared numbering names a read-only integer column; the catalogue serves each one's service.
 * A declaration that disagrees with its storage or migration fails here, not as a stalled record.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyResource } from '../../src/contracts/resource.js';
import { findResource } from '../../src/contracts/resources/index.js';
import { APPROVAL_RESOURCES } from '../../src/contracts/resources/approvalQueues.js';
import { PHASES, findTransition } from '../../src/contracts/workflow.js';
import { servedResources, storageOf } from '../../server/registry/families.js';
import { fieldStorage } from '../../server/registry/storage.js';
import { databaseKinds, useTestEnv } from './fixture.js';

describe.each(databaseKinds().slice(0, 1))('catalogue contract [%s]', (kind) => {
  const env = useTestEnv(kind);
  let columns: Map<string, Set<string>>;
  const has = (table: string, column: string) => columns.get(table)?.has(column) ?? false;

  beforeAll(async () => {
    const rows = await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`.execute(env.db);
    columns = new Map();
    for (const row of rows.rows) {
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
      columns.get(row.table_name)!.add(row.column_name);
    }
  });

  const resources = servedResources();

  it.each(resources.map((resource) => [resource.name, resource] as [string, AnyResource]))('%s: every field is stored where its storage says', (_name, resource) => {
    const storage = storageOf(resource)!;
    expect(columns.has(storage.table), `table ${storage.table}`).toBe(true);
    if (storage.singleton) return;
    for (const field of Object.keys(resource.fields)) {
      const where = fieldStorage(storage, field);
      if (where.kind === 'column') expect(has(storage.table, where.column), `${resource.name}.${field} → ${storage.table}.${where.column}`).toBe(true);
      if (where.kind === 'link') for (const column of [where.link.own, where.link.other]) expect(has(where.link.table, column), `${resource.name}.${field} → ${where.link.table}.${column}`).toBe(true);
      if (where.kind === 'child') {
        for (const column of [where.child.own, 'position', 'org_id', ...Object.values(where.child.columns)]) expect(has(where.child.table, column), `${resource.name}.${field} → ${where.child.table}.${column}`).toBe(true);
        const def = resource.fields[field];
        expect(def.type === 'list' && Object.keys(where.child.columns).sort()).toEqual(def.type === 'list' && Object.keys(def.of).sort());
      }
    }
  });

  it.each(resources.filter((r) => r.workflow).map((resource) => [resource.name, resource] as [string, AnyResource]))('%s: its workflow names its own states, each with a phase', (_name, resource) => {
    const workflow = resource.workflow!;
    const states = Object.keys(workflow.states);
    for (const [state, def] of Object.entries(workflow.states)) expect(PHASES, `${resource.name}.${state}`).toContain(def.phase);
    expect(states).toContain(workflow.initial);
    for (const transition of workflow.transitions) {
      for (const state of [...transition.from, transition.to]) expect(states, `${resource.name}.${transition.name}`).toContain(state);
      if (transition.requires) expect(['money', 'boolean'], `${resource.name}.${transition.name}.requires`).toContain(resource.fields[transition.requires.field]?.type);
    }
    const status = fieldStorage(storageOf(resource)!, workflow.field);
    expect(status.kind).toBe('column');
  });

  it('plugs the approval service into exactly the declarations that declare it, and the queues offer exactly those', () => {
    const plugged = resources.filter((resource) => resource.workflow?.approval);
    expect(plugged.map((resource) => resource.name).sort()).toEqual([...APPROVAL_RESOURCES].sort());
    for (const resource of plugged) {
      const plug = resource.workflow!.approval!;
      for (const name of [plug.submit, plug.approve, plug.reject]) expect(findTransition(resource.workflow!, name), `${resource.name}.${name}`).toBeDefined();
      expect(findTransition(resource.workflow!, plug.approve)!.system && findTransition(resource.workflow!, plug.reject)!.system).toBe(true);
      for (const field of [...(plug.amount ? [plug.amount] : []), ...plug.watched, ...Object.values(plug.dimensions ?? {})]) expect(resource.fields[field], `${resource.name}.${field}`).toBeDefined();
      for (const state of [...plug.restartFrom, ...(plug.frozenFrom ?? [])]) expect(resource.workflow!.states, `${resource.name}: ${state}`).toHaveProperty(state);
      if (plug.changedBy) expect(resource.fields[plug.changedBy]).toMatchObject({ type: 'reference', resource: 'users', readOnly: true });
      if (plug.coveredBy) {
        expect(resource.fields[plug.coveredBy.field]).toMatchObject({ type: 'reference', resource: plug.coveredBy.resource });
        expect(findResource(plug.coveredBy.resource)?.workflow?.approval).toBeDefined();
      }
      // Applied: the storage's submit hook is the plug's (it exists even where the family wrote none).
      expect(storageOf(resource)!.transitions?.[plug.submit], `${resource.name} plugged`).toBeTypeOf('function');
    }
  });

  it('numbers only read-only integer fields with a column', () => {
    for (const resource of resources.filter((r) => r.numbering)) {
      const field = resource.fields[resource.numbering!.field];
      expect(field, resource.name).toMatchObject({ type: 'integer', readOnly: true });
      const where = fieldStorage(storageOf(resource)!, resource.numbering!.field);
      expect(where.kind === 'column' && has(storageOf(resource)!.table, where.column)).toBe(true);
    }
  });

  it('serves each declaration through its own service in the catalogue', () => {
    const records = env.app.appContext.records;
    for (const resource of resources) {
      const service = records(resource.name);
      expect(service.resource).toBe(resource);
      expect(service.storage).toBe(storageOf(resource));
      expect(records(resource.name)).toBe(service);
    }
    expect(() => records('nothing')).toThrow();
  });

  it('writes many records at once only where no per-record work is declared (an import), never past numbering or child rows, and a workflow\'s records only as new ones', async () => {
    const records = env.app.appContext.records;
    const bulkable = resources.filter((resource) => {
      const storage = storageOf(resource)!;
      return !resource.workflow && !resource.numbering && !storage.afterCreate && !storage.afterUpdate && !storage.links && !storage.children;
    });
    expect(bulkable.map((resource) => resource.name)).toEqual(expect.arrayContaining(['suppliers', 'customers', 'products', 'costCenters', 'categories']));
    for (const name of ['orders', 'payables', 'payableInstallments', 'approvalQueues']) {
      const service = records(name);
      // An update of a workflow's record goes one by one (its state's locked fields, its transitions).
      const rows = service.workflow ? [{ id: 'x', values: {}, existing: { id: 'x', version: 1 } as never }] : [];
      await expect(service.writeMany(undefined as never, service.makeCall({ userId: 'u', orgId: 'o', accessLevel: 'User' }), rows, 'import')).rejects.toThrow(/cannot be written in bulk/);
    }
  });
});
