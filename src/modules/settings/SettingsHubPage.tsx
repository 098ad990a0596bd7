import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { appConfigAtom } from '../../core/config';
import { registerCatalogue, t } from '../../core/i18n';
import { settings } from '../../core/i18n/catalogue/settings';
import { permissionSubjectAtom } from '../../core/permissions';
import { LinkCards } from '../../core/ui/LinkCards';
import * as css from '../../core/ui/ui.css';
import { portalRouteData } from '../portal/routes.data';
import { SETTINGS_HUB } from './hub.data';
import { hubCards } from './hubCards';

registerCatalogue(settings);

/** /configuracoes: the settings the user may open, by theme (hub.data.ts), as cards. */
export default function SettingsHubPage() {
  const subject = useAtomValue(permissionSubjectAtom);
  const config = useAtomValue(appConfigAtom);
  const modules = config?.composables.useModuleNavigation.modules;
  const groups = useMemo(() => hubCards(SETTINGS_HUB, subject, portalRouteData, modules), [subject, modules]);
  return (
    <section className={css.card} aria-labelledby="settings-hub-title">
      <div className={css.stack}>
        <div>
          <h1 id="settings-hub-title">{t('settings.hub.title')}</h1>
          <p className={css.hint}>{groups.length ? t('settings.hub.intro') : t('settings.hub.empty')}</p>
        </div>
        <LinkCards groups={groups} />
      </div>
    </section>
  );
}
