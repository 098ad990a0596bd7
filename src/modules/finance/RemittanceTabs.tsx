/** The two pages of Arquivos de Remessa: the fila (parcelas to send) and the remessas already generated. */
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import * as css from '../../core/ui/data.css';
import { NavLink } from '../registry/PageHeader';
import { remittanceTexts } from './remittanceCatalogue';

registerCatalogue(remittanceTexts);

const TABS = [
  { href: '/arquivos-de-remessa/fila', label: 'remittances.tabs.queue' },
  { href: '/arquivos-de-remessa/remessas-geradas', label: 'remittances.tabs.generated' },
];

export function RemittanceTabs() {
  const { pathname } = useNavigation();
  return (
    <nav aria-label={t('remittances.area')}>
      <ul className={css.tabs}>
        {TABS.map((tab) => (
          <li key={tab.href}>
            <NavLink href={tab.href} className={css.tab} current={pathname === tab.href || pathname.startsWith(`${tab.href}/`)}>{t(tab.label)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
