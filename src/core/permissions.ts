/**
 * Permission checks (spec §6), Refine-style: `can()` answers `{ can, reason? }`.
 */
import { atom } from 'jotai/vanilla';
import type { EffectivePermission, LoggedUser } from '../contracts/identity';
import { scopesOn } from '../contracts/permissions';

export { toCamelCase } from '../contracts/permissions';
import { t } from './i18n';
import { sessionAtoms } from './session';
import { store } from './store';

export interface PermissionSubject {
  user: Pick<LoggedUser, 'accessLevel'> | null | undefined;
  permissions: readonly EffectivePermission[] | null | undefined;
}

export interface CanResult {
  can: boolean;
  reason?: string;
}

/**
 * Spec §6: a signed-in user with effective permissions is required; SystemOwner is always
 * allowed; otherwise some policy must have a resource or ACL entry named like the module (as
 * written or in camelCase, the rule the server applies too: contracts/permissions.ts) whose
 * scopes include `scope`.
 */
export function can(subject: PermissionSubject, moduleName: string, scope: string): CanResult {
  if (!subject.user) return { can: false, reason: t('permissions.notSignedIn') };
  if (subject.user.accessLevel === 'SystemOwner') return { can: true };
  if (!subject.permissions) return { can: false, reason: t('permissions.notLoaded') };
  const granted = scopesOn(subject.permissions, moduleName).has(scope);
  return granted ? { can: true } : { can: false, reason: t('permissions.denied') };
}

/** The signed-in user and permissions from the shared store. */
export const permissionSubjectAtom = atom<PermissionSubject>((get) => ({
  user: get(sessionAtoms.loggedUser),
  permissions: get(sessionAtoms.policyEffectivePermissions),
}));

/** `can()` against the shared session. */
export function canFromStore(moduleName: string, scope: string): CanResult {
  return can(store.get(permissionSubjectAtom), moduleName, scope);
}

/** Whether the current user holds the create scope on `moduleResource` (sidebar rule, spec §2). */
export function canCreate(moduleResource: string): boolean {
  return canFromStore(moduleResource, 'create').can;
}
