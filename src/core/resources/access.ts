import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { AnyResource, Scope } from '../../contracts/resource';
import { can, permissionSubjectAtom } from '../permissions';

export type Access = (scope: Scope) => boolean;

/**
 * What the signed-in user may do on a resource (spec §6). `permission` overrides the
 * declaration's name (the current application's screens use `application`). A SystemOwner-only
 * resource refuses everyone else whatever their policies say.
 */
export function useAccess(resource: AnyResource, permission?: string): Access {
  const subject = useAtomValue(permissionSubjectAtom);
  return useMemo(() => {
    const name = permission ?? resource.permission;
    if (resource.systemOwnerOnly && subject.user?.accessLevel !== 'SystemOwner') return () => false;
    return (scope: Scope) => can(subject, name, scope).can;
  }, [subject, resource, permission]);
}
