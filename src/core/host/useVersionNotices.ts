import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { appConfigAtom } from '../config';
import { sessionAtoms } from '../session';
import { notifyNewVersion, showUpdateCompletedNotice, startVersionWatch } from '../version';

/**
 * New front-end versions: the guard's flag or the build-manifest poll shows "NOVA VERSÃO
 * DISPONÍVEL"; after the refresh, "ATUALIZAÇÃO CONCLUÍDA" appears once.
 */
export function useVersionNotices() {
  const config = useAtomValue(appConfigAtom);
  const flagged = useAtomValue(sessionAtoms.newAppVersionAvailable);
  const version = config?.useFrontEndVersion;
  useEffect(() => {
    if (version) showUpdateCompletedNotice(version);
  }, [version]);
  useEffect(() => (config ? startVersionWatch(config) : undefined), [config]);
  useEffect(() => {
    if (flagged && version) notifyNewVersion(version);
  }, [flagged, version]);
}
