/**
 * Where a reference on a show page leads: the referenced record's own show page, from the route
 * catalogue (the target declaration's `route.base`), when the user may read that resource
 * and this host routes it (the portal every module; an element only its own). A base with
 * parameters (`/empresas/{companyTypeId}`) cannot be filled from the id alone: no link.
 */
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { catalogueEntry } from '../../core/catalogue';
import { useNavigation } from '../../core/navigation';
import { permissionSubjectAtom } from '../../core/permissions';
import { accessFor } from '../../core/resources/access';

export type RecordLinkOf = (target: string, id: string) => string | null;

export function useRecordLinks(): RecordLinkOf {
  const subject = useAtomValue(permissionSubjectAtom);
  const { routable } = useNavigation();
  return useCallback(
    (target, id) => {
      const resource = catalogueEntry(target);
      if (!resource?.route.idParam || resource.route.base.includes('{') || !id) return null;
      if (!accessFor(subject, resource)('read')) return null;
      const href = `${resource.route.base}/${encodeURIComponent(id)}`;
      return routable?.(href) ? href : null;
    },
    [subject, routable],
  );
}
