import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { ownershipOf, type Scope } from '../../contracts/resource';
import { transitionPermission, type Transition } from '../../contracts/workflow';
import type { ResourceSummary } from '../catalogue/types';
import { can, permissionSubjectAtom, type PermissionSubject } from '../permissions';

export type Access = (scope: Scope) => boolean;

/**
 * What the signed-in user may do on a resource (spec §6). `permission` overrides the
 * declaration's name (the current application's screens use `application`). A SystemOwner-only
 * resource refuses everyone else whatever their policies say. On an `ownership` resource,
 * `create` on the ownership's permission grants read/update of one's own records.
 */
export function useAccess(resource: ResourceSummary, permission?: string): Access {
  const subject = useAtomValue(permissionSubjectAtom);
  return useMemo(() => accessFor(subject, resource, permission), [subject, resource, permission]);
}

/** `useAccess` outside React (`store.get(permissionSubjectAtom)` as subject; a show page's links to other resources). */
export function accessFor(subject: PermissionSubject, resource: ResourceSummary, permission?: string): Access {
  const name = permission ?? resource.permission;
  if (resource.systemOwnerOnly && subject.user?.accessLevel !== 'SystemOwner') return () => false;
  const has = (scope: Scope) => can(subject, name, scope).can;
  // Own records (`ownership`): the create scope also reads and changes what the caller owns
  // (created, or is named by the ownership field); the server narrows the list and refuses the rest.
  const ownership = ownershipOf(resource);
  if (ownership) {
    const owns = can(subject, ownership.permission, 'create').can;
    return (scope: Scope) => has(scope) || ((scope === 'read' || scope === 'update') && owns);
  }
  return has;
}

/** True when the user reads every record of the resource, not only their own (the "Meus / Todos" toggle). */
export function useReadsAll(resource: ResourceSummary, permission?: string): boolean {
  const subject = useAtomValue(permissionSubjectAtom);
  return can(subject, permission ?? resource.permission, 'read').can;
}

/**
 * Whether the user may run a transition at all (its scope on `transition.permission`, else on the
 * resource's): what offers a bulk transition on a selection. For one record, `_actions` decides.
 */
export function useTransitionAccess(resource: ResourceSummary, permission?: string): (transition: Transition) => boolean {
  const subject = useAtomValue(permissionSubjectAtom);
  return useMemo(() => {
    return (transition: Transition) => can(subject, transitionPermission(transition, permission ?? resource.permission), transition.scope).can;
  }, [subject, resource, permission]);
}
