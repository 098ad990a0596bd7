/**
 * The catalogue of record services (ARCHITECTURE "records that act on records"): one
 * `ResourceService` per served declaration, built once per app and reachable by name, so that a
 * cascade (parcelas following their lançamento, the approval service finishing a flow, an import, a
 * job) writes the target through its own service — its rules, locks, history, audit and approval
 * plug — inside the caller's transaction, instead of with SQL of its own.
 */
import type { AppContext } from '../context.js';
import { servedResources, storageByName, storageOf } from './families.js';
import { ResourceService } from './service.js';

export type RecordCatalogue = (name: string) => ResourceService;

export function buildCatalogue(ctx: AppContext): RecordCatalogue {
  const services = new Map<string, ResourceService>();
  for (const resource of servedResources()) services.set(resource.name, new ResourceService(ctx, resource, storageOf(resource)!, storageByName));
  return (name) => {
    const service = services.get(name);
    if (!service) throw new Error(`No served resource named "${name}"`);
    return service;
  };
}
