/**
 * The finance lists (lançamentos, parcelas, the requester's and the payment queue): the generic
 * registry list under the area's tabs — Lançamentos / Parcelas / Fila do solicitante / Fila de
 * pagamentos, and in the queues their own sub-tabs. What a queue lists is the mount's fixed filters.
 */
import { registerCatalogue, t } from '../../core/i18n';
import { finance } from './catalogue';
import { useNavigation } from '../../core/navigation';
import * as css from '../../core/ui/data.css';
import ListPage from '../registry/ListPage';
import { NavLink } from '../registry/PageHeader';
import type { RegistryPageProps } from '../registry/spec';

registerCatalogue(finance);

interface Tab {
  href: string;
  label: string;
  /** Current when the path starts with this (defaults to `href`). */
  prefix?: string;
}

const PAYABLE_TABS: Tab[] = [
  { href: '/contas-a-pagar/lancamentos', label: 'finance.tabs.entries' },
  { href: '/contas-a-pagar/parcelamentos', label: 'finance.tabs.installments' },
  { href: '/fila-do-solicitante/parcelamentos', label: 'finance.tabs.requesterQueue', prefix: '/fila-do-solicitante' },
  { href: '/fila-de-pagamentos/parcelamentos/fila', label: 'finance.tabs.paymentQueue', prefix: '/fila-de-pagamentos' },
];
const RECEIVABLE_TABS: Tab[] = [
  { href: '/contas-a-receber/lancamentos', label: 'finance.tabs.entries' },
  { href: '/contas-a-receber/parcelamentos', label: 'finance.tabs.installments' },
];
const SUB_TABS: Record<string, Tab[]> = {
  '/fila-do-solicitante': [
    { href: '/fila-do-solicitante/parcelamentos', label: 'finance.tabs.installments' },
    { href: '/fila-do-solicitante/lancamentos', label: 'finance.tabs.entries' },
  ],
  '/fila-de-pagamentos': [
    { href: '/fila-de-pagamentos/parcelamentos/fila', label: 'finance.tabs.installmentsQueued' },
    { href: '/fila-de-pagamentos/parcelamentos/autorizados', label: 'finance.tabs.installmentsAuthorized' },
    { href: '/fila-de-pagamentos/lancamentos/fila', label: 'finance.tabs.entriesQueued' },
    { href: '/fila-de-pagamentos/lancamentos/autorizados', label: 'finance.tabs.entriesAuthorized' },
  ],
};

function Tabs({ tabs, label, pathname }: { tabs: Tab[]; label: string; pathname: string }) {
  return (
    <nav aria-label={label}>
      <ul className={css.tabs}>
        {tabs.map((tab) => {
          const prefix = tab.prefix ?? tab.href;
          const current = pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname === tab.href;
          return (
            <li key={tab.href}><NavLink href={tab.href} className={css.tab} current={current}>{t(tab.label)}</NavLink></li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function FinanceListPage(props: RegistryPageProps) {
  const { pathname } = useNavigation();
  const receivable = pathname.startsWith('/contas-a-receber');
  const area = Object.keys(SUB_TABS).find((base) => pathname.startsWith(base));
  return (
    <>
      <Tabs tabs={receivable ? RECEIVABLE_TABS : PAYABLE_TABS} label={t(receivable ? 'finance.receivables' : 'finance.payables')} pathname={pathname} />
      {area && <Tabs tabs={SUB_TABS[area]!} label={t(area === '/fila-do-solicitante' ? 'finance.tabs.requesterQueue' : 'finance.tabs.paymentQueue')} pathname={pathname} />}
      <ListPage {...props} />
    </>
  );
}
