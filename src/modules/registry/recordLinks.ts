/**
 * Where a reference on a show page leads: the referenced record's own show page, from the route
 * registry (MOUNTS: the target declaration's `route.base`), when the user may read that resource
 * and this host routes it (the portal every module; an element only its own). A base with
 * parameters (`/empresas/{companyTypeId}`) cannot be filled from the id alone: no link.
 */
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { findResource } from '../../contracts/resources';
import { useNavigation } from '../../core/navigation';
import { permissionSubjectAtom } from '../../core/permissions';
import { accessFor } from '../../core/resources/access';
import { MOUNTS } from './mounts';

export type RecordLinkOf = (target: string, id: string) => string | null;

export function useRecordLinks(): RecordLinkOf {
  const subject = useAtomValue(permissionSubjectAtom);
  const { routable } = useNavigation();
  return useCallback(
    (target, id) => {
      const mount = (MOUNTS as Record<string, { base: string; idParam?: string }>)[target];
      const resource = findResource(target);
      if (!mount?.idParam || mount.base.includes('{') || !resource || !id) return null;
      if (!accessFor(subject, resource)('read')) return null;
      const href = `${mount.base}/${encodeURIComponent(id)}`;
      return routable?.(href) ? href : null;
    },
    [subject, routable],
  );
}
