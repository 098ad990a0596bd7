/**
 * A tag whose module the signed-in user may not open (issue 27): the tag shows nothing (or the
 * host's `forbidden` slot) and fires `bo-forbidden`, instead of an error inside the host's page.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { scopesOn } from '../../contracts/permissions';
import { emit } from '../elements/events';
import { permissionSubjectAtom, type PermissionSubject } from '../permissions';
import { useSignedIn } from './useSignedIn';

/**
 * True when the user holds no scope at all on any of `resources` (the tag's modules, as
 * app.config.json names their resources). Undecided (false) without a user or permissions; a
 * SystemOwner opens everything (spec §6).
 */
export function mayOpenNone(subject: PermissionSubject, resources: readonly string[]): boolean {
  const { user, permissions } = subject;
  if (!user || !permissions || resources.length === 0 || user.accessLevel === 'SystemOwner') return false;
  return resources.every((name) => scopesOn(permissions, name).size === 0);
}

/** Whether the tag is forbidden now; fires `bo-forbidden` on `host` each time it becomes so. */
export function useForbidden(host: Element | undefined, resources: readonly string[]): boolean {
  const subject = useAtomValue(permissionSubjectAtom);
  const forbidden = useSignedIn() && mayOpenNone(subject, resources);
  useEffect(() => {
    if (forbidden) emit(host, 'bo-forbidden', { resources: [...resources] });
  }, [forbidden, host, resources]);
  return forbidden;
}
