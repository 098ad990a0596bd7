/**
 * An organisation's first administrator (npm run setup, setup/cli.ts): creates the organisation
 * (setup/organisation.ts) and its administrator — access level Admin in the profile
 * Administrador, no usable password, two-step verification mandatory with an authenticator app
 * (TOTP) — and the one-time invitation link that sets the password (the password-reset link:
 * hashed, single-use, expiring; identity/password-links.ts). All in one transaction: either
 * everything exists afterwards, or nothing.
 *
 * Idempotent by CNPJ and e-mail: run again with the same organisation and administrator, it
 * changes nothing and says so ('unchanged'); `newInvitation` replaces the pending link of an
 * administrator who has not set a password yet ('reinvited'). Anything else that already exists
 * (the CNPJ with other users, the e-mail in another organisation) is refused.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { audit } from '../audit.js';
import { randomToken } from '../auth/crypto.js';
import type { PasswordHasher } from '../auth/passwords.js';
import type { Database } from '../db/types.js';
import { createPasswordLink, type PasswordLink } from '../identity/password-links.js';
import { normaliseLogin } from '../identity/users.js';
import { createOrganisation, type NewOrganisation } from './organisation.js';

export interface FirstAdministrator {
  organisation: NewOrganisation;
  admin: { name: string; email: string };
  /** Replace the pending invitation of an administrator who has not set a password yet. */
  newInvitation?: boolean;
}

export type SetupResult =
  | { outcome: 'created' | 'reinvited'; orgId: string; userId: string; invitation: PasswordLink }
  | { outcome: 'unchanged'; orgId: string; userId: string; organisationName: string; passwordSet: boolean };

/** A refusal the operator reads (pt-BR, one line); nothing was changed. */
export class SetupRefused extends Error {}

export const ADMIN_PROFILE = 'Administrador';

export async function setUpFirstAdministrator(db: Kysely<Database>, input: FirstAdministrator, deps: { now: Date; publicUrl: string; hasher: PasswordHasher }): Promise<SetupResult> {
  const { now, publicUrl } = deps;
  const loginKey = normaliseLogin(input.admin.email);
  // Hashed before the transaction: argon2 takes a while, the transaction should not.
  const unusable = await deps.hasher.hash(randomToken(32));
  return db.transaction().execute(async (trx) => {
    const organisation = await trx.selectFrom('organizations').select(['id', 'name']).where('cnpj', '=', input.organisation.cnpj).executeTakeFirst();
    const user = await trx.selectFrom('users').select(['id', 'org_id', 'created_at', 'password_changed_at']).where('login_key', '=', loginKey).executeTakeFirst();

    if (organisation) {
      if (!user || user.org_id !== organisation.id) {
        throw new SetupRefused(`A organização com este CNPJ já existe (${organisation.name}) e ${input.admin.email} não é o seu administrador: convide novos usuários pelo Retaguarda.`);
      }
      const passwordSet = user.password_changed_at.getTime() > user.created_at.getTime();
      if (!input.newInvitation) return { outcome: 'unchanged', orgId: organisation.id, userId: user.id, organisationName: organisation.name, passwordSet };
      if (passwordSet) throw new SetupRefused(`${input.admin.email} já definiu a senha: um novo convite não é necessário (para uma senha esquecida, use "Esqueci minha senha" na tela de login).`);
      const invitation = await createPasswordLink(trx, now, publicUrl, { id: user.id, org_id: organisation.id }, 'invitation');
      await audit(trx, now, { orgId: organisation.id, actorUserId: null, action: 'setup.invitation.sent', entityType: 'user', entityId: user.id, after: { expiresAt: invitation.expiresAt.toISOString() } });
      return { outcome: 'reinvited', orgId: organisation.id, userId: user.id, invitation };
    }
    if (user) throw new SetupRefused(`${input.admin.email} já é usuário de outra organização: use outro e-mail para o administrador.`);

    const { orgId, profiles } = await createOrganisation(trx, input.organisation, now);
    const userId = randomUUID();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        org_id: orgId,
        email: input.admin.email,
        login_key: loginKey,
        name: input.admin.name,
        access_level: 'Admin',
        password_hash: unusable,
        is_active: true,
        // Mandatory from the first sign-in, and with the authenticator only: this account
        // administers users and payments; an e-mail code would let whoever reads the mailbox
        // (which also receives password recovery) in alone.
        two_factor_mandatory: true,
        two_factor_enabled_by_user: false,
        allowed_methods: ['TOTP'],
        email_2fa_confirmed: false,
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.insertInto('user_group_members').values({ org_id: orgId, group_id: profiles.get(ADMIN_PROFILE)!, user_id: userId }).execute();
    const invitation = await createPasswordLink(trx, now, publicUrl, { id: userId, org_id: orgId }, 'invitation');
    const organisationAfter = { name: input.organisation.name, tradeName: input.organisation.tradeName, cnpj: input.organisation.cnpj };
    await audit(trx, now, { orgId, actorUserId: null, action: 'setup.organization.created', entityType: 'organization', entityId: orgId, after: organisationAfter });
    await audit(trx, now, { orgId, actorUserId: null, action: 'setup.administrator.created', entityType: 'user', entityId: userId, after: { email: input.admin.email, name: input.admin.name, accessLevel: 'Admin', profile: ADMIN_PROFILE, twoFactorMandatory: true } });
    await audit(trx, now, { orgId, actorUserId: null, action: 'setup.invitation.sent', entityType: 'user', entityId: userId, after: { expiresAt: invitation.expiresAt.toISOString() } });
    return { outcome: 'created', orgId, userId, invitation };
  });
}
