/**
 * Which declarations the server serves: the storages of each API family that has its server
 * half, and the prefix of every family (the default `apis` of app.config.json). `buildApp`
 * mounts the registry plugin once per family listed in `FAMILY_STORAGES`; a family adds its
 * storages here (and the migration of its tables) to get every route of its declarations.
 */
import type { FastifyInstance } from 'fastify';
import type { AnyResource, ApiFamily } from '../../src/contracts/resource.js';
import { resourceList } from '../../src/contracts/resources/index.js';
import { withApprovals } from '../approvals/plug.js';
import { approvalsStorages } from '../approvals/resources.js';
import { cartStorages } from '../cart/resources.js';
import { companiesStorages } from '../companies/resources.js';
import type { AppContext } from '../context.js';
import { financeStorages } from '../finance/resources.js';
import { identityStorages } from '../identity/resources.js';
import { pricingStorages } from '../pricing/resources.js';
import { supplyStorages } from '../supply/resources.js';
import { biStorages } from '../bi/resources.js';
import { named } from '../http/named-plugin.js';
import { registryPlugin } from './plugin.js';
import type { ResourceStorage, Storages } from './storage.js';

export const FAMILY_PREFIXES: Readonly<Record<ApiFamily, string>> = {
  identity: '/v1/identity',
  supply: '/v1/supply',
  commons: '/v1/commons',
  approvals: '/v1/approvals',
  cart: '/v1/cart',
  companies: '/v1/companies',
  pricing: '/v1/pricing',
  financeReporting: '/api/finance-reporting',
  finance: '/api/finance',
};

/** A declaration with `workflow.approval` gets the approval service's plug: declared, never wired by hand. */
function plugged(storages: Storages): Storages {
  return Object.fromEntries(
    Object.entries(storages).map(([name, storage]) => {
      const resource = resourceList.find((r) => r.name === name);
      return [name, resource?.workflow?.approval ? withApprovals(resource, storage) : storage];
    }),
  );
}

export const FAMILY_STORAGES: Readonly<Partial<Record<ApiFamily, Storages>>> = {
  identity: plugged(identityStorages),
  companies: plugged(companiesStorages),
  finance: plugged(financeStorages),
  supply: plugged(supplyStorages),
  pricing: plugged(pricingStorages),
  cart: plugged(cartStorages),
  approvals: plugged(approvalsStorages),
  financeReporting: plugged(biStorages),
};

/** The storage of a served declaration by name, whatever its family (references cross families). */
export function storageByName(name: string): ResourceStorage | undefined {
  const resource = resourceList.find((r) => r.name === name);
  return resource ? storageOf(resource) : undefined;
}

/** The storage of a served declaration, or undefined. */
export function storageOf(resource: AnyResource): ResourceStorage | undefined {
  const storages = FAMILY_STORAGES[resource.api];
  return storages && Object.prototype.hasOwnProperty.call(storages, resource.name) ? storages[resource.name] : undefined;
}

/** Declarations with generated routes. */
export function servedResources(): AnyResource[] {
  return resourceList.filter((resource) => FAMILY_STORAGES[resource.api] !== undefined);
}

/** Mounts the registry plugin of every served family under its prefix. */
export async function registryFamilies(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [family, storages] of Object.entries(FAMILY_STORAGES) as [ApiFamily, Storages][]) {
    await app.register(named(registryPlugin(ctx, { family, storages, lookup: storageByName })), { prefix: FAMILY_PREFIXES[family] });
  }
}
