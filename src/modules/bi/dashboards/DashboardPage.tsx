/**
 * `/bi/dashboards` and its painéis (painels.ts): a row of links between them, then the painel of
 * the current path. The same screen in the portal and in `<bo-painel>` (which starts on the painel
 * its attribute names). Loads with the painéis' own chunk, uPlot with it — no other page pays for it.
 */
import { useAtomValue } from 'jotai';
import { useId, type ReactElement } from 'react';
import { registerCatalogue, t } from '../../../core/i18n';
import { useNavigation, useQuery } from '../../../core/navigation';
import { can, permissionSubjectAtom } from '../../../core/permissions';
import { Alert } from '../../../core/ui/Alert';
import { REPORT_PERMISSION } from '../../../contracts/reports';
import { Link } from '../../../core/ui/Link';
import * as ui from '../../../core/ui/ui.css';
import { CashFlowPanel } from './CashFlowPanel';
import * as css from './chart.css';
import { CostCentrePanel } from './CostCentrePanel';
import { DrePanel } from './DrePanel';
import { OverviewPanel } from './OverviewPanel';
import { withPainelQuery } from './painelQuery';
import { PAINEL_NAMES, PAINELS, painelAt, type PainelName } from './painels';
import { dashboardTexts } from './texts';

registerCatalogue(dashboardTexts);

const VIEWS: Record<PainelName, () => ReactElement> = {
  tesouraria: () => <OverviewPanel />,
  dre: () => <DrePanel variant="results" />,
  dre1: () => <DrePanel variant="lines" />,
  dre2: () => <CostCentrePanel />,
  dfc: () => <CashFlowPanel />,
};

export default function DashboardPage() {
  const id = useId();
  const { pathname } = useNavigation();
  // The year and basis chosen stay when another painel is opened.
  const query = useQuery();
  const current = painelAt(pathname);
  const View = VIEWS[current];
  const subject = useAtomValue(permissionSubjectAtom);
  if (!can(subject, REPORT_PERMISSION, 'read').can) return <Alert>{t('registry.forbidden')}</Alert>;
  return (
    <section className={ui.stack} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} style={{ margin: 0 }}>{t('bi.painel.title')}: {PAINELS[current].title}</h1>
      <nav aria-label={t('bi.painel.nav')}>
        <ul className={css.tabs}>
          {PAINEL_NAMES.map((name) => (
            <li key={name}>
              <Link href={withPainelQuery(PAINELS[name].path, query, {})} className={css.tab} current={name === current}>{PAINELS[name].title}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <View key={current} />
    </section>
  );
}
