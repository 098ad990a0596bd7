/**
 * A real organisation as the setup command creates it: what an organisation created by the
 * SystemOwner screen gets (settings, default application "Retaguarda", the official bank list),
 * plus what the first administrator needs to start at once — the application's resources (the
 * modules of app.config.json) and the five standard profiles of the demo (Solicitante,
 * Comprador, Aprovador, Financeiro, Administrador), without the demo's records or Grupos de
 * Agências. Runs in the caller's transaction, through the owner handle.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertProfile } from '../db/profiles.js';
import { DEMO_APPLICATION_RESOURCES, DEMO_GROUPS } from '../db/seed.js';
import { seedOrganisationBanks } from '../db/seed-registries.js';
import type { Database } from '../db/types.js';
import { createDefaultApplication } from '../identity/resources.js';
import type { Trx } from '../registry/storage.js';

export interface NewOrganisation {
  /** Razão social. */
  name: string;
  /** Nome fantasia. */
  tradeName: string | null;
  /** As stored: 14 characters, unmasked. */
  cnpj: string;
}

/** Creates the organisation; returns its id and its profiles' group ids by name. */
export async function createOrganisation(trx: Trx, organisation: NewOrganisation, now: Date): Promise<{ orgId: string; profiles: Map<string, string> }> {
  const orgId = randomUUID();
  await trx.insertInto('organizations').values({ id: orgId, name: organisation.name, trade_name: organisation.tradeName, cnpj: organisation.cnpj, created_at: now, updated_at: now }).execute();
  return { orgId, profiles: await furnishOrganisation(trx, orgId, now) };
}

/**
 * What a new organisation holds before anyone works in it (the setup command's and the
 * SystemOwner screen's alike): settings, the current application with its resources, the five
 * standard profiles and the bank list. Returns the profiles' group ids by name.
 */
export async function furnishOrganisation(trx: Trx, orgId: string, now: Date): Promise<Map<string, string>> {
  await trx.insertInto('org_settings').values({ org_id: orgId, created_at: now, updated_at: now }).execute();
  const applicationId = await createDefaultApplication(trx, orgId, now);
  await trx
    .insertInto('application_resources')
    .values(DEMO_APPLICATION_RESOURCES.map(([name, title]) => ({ id: randomUUID(), org_id: orgId, application_id: applicationId, name, title, created_at: now, updated_at: now })))
    .execute();
  const profiles = new Map<string, string>();
  for (const [name, resources] of Object.entries(DEMO_GROUPS)) {
    profiles.set(name, await insertProfile(trx as Kysely<Database>, { orgId, applicationId, name, resources, now }));
  }
  await seedOrganisationBanks(trx as unknown as Kysely<any>, orgId, now);
  return profiles;
}
