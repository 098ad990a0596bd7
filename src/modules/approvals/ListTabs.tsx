/** The inbox's two lists ("Aguardando a minha decisão" / "Decididas por mim") and what a row is. */
import { catalogueEntry } from '../../core/catalogue';
import { t } from '../../core/i18n';
import { resourceLabel } from '../../core/resources/labels';
import * as data from '../../core/ui/data.css';
import { NavLink } from '../registry/PageHeader';

/** The catalogue's name of a row's resource (Pedido, Ordem de compra, Lançamento a pagar…). */
export function kindOf(resource: string): string {
  const entry = catalogueEntry(resource);
  return entry ? resourceLabel(entry, 'one') : resource;
}

export function ListTabs({ decided }: { decided: boolean }) {
  return (
    <nav aria-label={t('approvals.tabs.label')}>
      <ul className={data.tabs}>
        <li><NavLink href="/filas-de-aprovacao" className={data.tab} current={!decided}>{t('approvals.tabs.waiting')}</NavLink></li>
        <li><NavLink href="/filas-de-aprovacao?lista=decididas" className={data.tab} current={decided}>{t('approvals.tabs.decided')}</NavLink></li>
      </ul>
    </nav>
  );
}
