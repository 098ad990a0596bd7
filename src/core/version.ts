/**
 * New front-end versions (spec §4): flag + "NOVA VERSÃO DISPONÍVEL" notice; the refresh stores
 * a marker so that, once, after the reload the notice "ATUALIZAÇÃO CONCLUÍDA" appears.
 */
import { getAppConfig, startBuildPolling, type AppConfig, type FetchLike } from './config';
import { t } from './i18n';
import { notify, type Notice } from './notices';
import { getField, setNewAppVersionAvailable, setStoredFrontEndVersion } from './session';

/** localStorage key of the "just refreshed to a new version" marker. */
export const APP_UPDATED_MARKER_KEY = 'bo.appUpdatedMarker';
export const NEW_VERSION_NOTICE_ID = 'app-new-version';
export const UPDATE_COMPLETED_NOTICE_ID = 'app-updated';

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Flags the new version and shows the persistent notice with "Atualizar agora" (action 'refresh-app'). */
export function notifyNewVersion(version?: string): Notice {
  setNewAppVersionAvailable(true);
  return notify({
    id: NEW_VERSION_NOTICE_ID,
    type: 'info',
    overline: t('version.newOverline'),
    message: t('version.newMessage'),
    autoDismiss: false,
    actionButton: { label: t('version.refreshNow'), action: 'refresh-app' },
    ...(version ? { item: { version } } : {}),
  });
}

/**
 * The 'refresh-app' action: forgets the stored version (the guard stores the config's version
 * after the reload, so the flag is not raised again), clears the flag, leaves the marker and
 * reloads the page.
 */
export function refreshApp(reload: () => void = () => location.reload()): void {
  setStoredFrontEndVersion(null);
  setNewAppVersionAvailable(false);
  localStore()?.setItem(APP_UPDATED_MARKER_KEY, JSON.stringify({ at: Date.now() }));
  reload();
}

/** Alias of `refreshApp` (the notice action 'refresh-app'). */
export const refreshToNewVersion = refreshApp;

/**
 * After start-up (once the app config is loaded): when the marker is there (a refresh
 * triggered by the new-version flag), removes it and shows the info notice once, with the
 * current version (default: the config's `useFrontEndVersion`). Returns the notice, or null.
 */
export function showUpdateCompletedNotice(currentVersion?: string | null): Notice | null {
  const storage = localStore();
  const marker = storage?.getItem(APP_UPDATED_MARKER_KEY);
  if (!marker) return null;
  storage?.removeItem(APP_UPDATED_MARKER_KEY);
  const version = currentVersion ?? getAppConfig()?.useFrontEndVersion ?? getField('frontEndVersion');
  return notify({
    id: UPDATE_COMPLETED_NOTICE_ID,
    type: 'info',
    overline: t('version.updatedOverline'),
    message: t('version.updatedMessage'),
    autoDismiss: false,
    ...(version ? { details: [t('version.current', { version })] } : {}),
    dismissButton: { label: t('version.thanks'), action: 'dismiss' },
  });
}

/** Polls the build manifest; a new version is flagged and announced. Returns a stop function. */
export function startVersionWatch(config: AppConfig, fetchImpl?: FetchLike): () => void {
  return startBuildPolling(config, (version) => notifyNewVersion(version), fetchImpl);
}
