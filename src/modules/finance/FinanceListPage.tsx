/**
 * The finance lists (lançamentos, parcelas, the requester's and the payment queue): the generic
 * registry list under the area's tabs — Lançamentos / Parcelas / Fila do solicitante / Fila de
 * pagamentos, and in the queues their own sub-tabs. What a queue lists is the mount's fixed filters.
 */
import { useAtomValue } from 'jotai';
import { registerCatalogue, t } from '../../core/i18n';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { finance } from './catalogue';
import { useNavigation } from '../../core/navigation';
import * as css from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import ListPage from '../registry/ListPage';
import { NavLink } from '../registry/PageHeader';
import type { RegistryPageProps } from '../registry/spec';

registerCatalogue(finance);

interface Tab {
  href: string;
  label: string;
  /** Current when the path starts with this (defaults to `href`). */
  prefix?: string;
  /** The permission whose `read` (or, for a queue, `create`) shows the tab: no tab leads to a refusal. */
  permission: string;
}

const PAYABLE_TABS: Tab[] = [
  { href: '/contas-a-pagar/lancamentos', label: 'finance.tabs.entries', permission: 'payables' },
  { href: '/contas-a-pagar/parcelamentos', label: 'finance.tabs.installments', permission: 'payables' },
  { href: '/fila-do-solicitante/parcelamentos', label: 'finance.tabs.requesterQueue', prefix: '/fila-do-solicitante', permission: 'requesterQueue' },
  { href: '/fila-de-pagamentos/parcelamentos/fila', label: 'finance.tabs.paymentQueue', prefix: '/fila-de-pagamentos', permission: 'paymentQueue' },
];
const RECEIVABLE_TABS: Tab[] = [
  { href: '/contas-a-receber/lancamentos', label: 'finance.tabs.entries', permission: 'receivables' },
  { href: '/contas-a-receber/parcelamentos', label: 'finance.tabs.installments', permission: 'receivables' },
];
const SUB_TABS: Record<string, Tab[]> = {
  '/fila-do-solicitante': [
    { href: '/fila-do-solicitante/parcelamentos', label: 'finance.tabs.installments', permission: 'requesterQueue' },
    { href: '/fila-do-solicitante/lancamentos', label: 'finance.tabs.entries', permission: 'requesterQueue' },
  ],
  '/fila-de-pagamentos': [
    { href: '/fila-de-pagamentos/parcelamentos/fila', label: 'finance.tabs.installmentsQueued', permission: 'paymentQueue' },
    { href: '/fila-de-pagamentos/parcelamentos/autorizados', label: 'finance.tabs.installmentsAuthorized', permission: 'paymentQueue' },
    { href: '/fila-de-pagamentos/lancamentos/fila', label: 'finance.tabs.entriesQueued', permission: 'paymentQueue' },
    { href: '/fila-de-pagamentos/lancamentos/autorizados', label: 'finance.tabs.entriesAuthorized', permission: 'paymentQueue' },
  ],
};

/** A queue is open to whoever works in it (`create`: the requester confirms, treasury authorises); a list to whoever reads it. */
const QUEUES = new Set(['requesterQueue', 'paymentQueue']);

function Tabs({ tabs: all, label, pathname }: { tabs: Tab[]; label: string; pathname: string }) {
  const subject = useAtomValue(permissionSubjectAtom);
  const tabs = all.filter((tab) => can(subject, tab.permission, 'read').can || (QUEUES.has(tab.permission) && can(subject, tab.permission, 'create').can));
  const isCurrent = (tab: Tab) => {
    const prefix = tab.prefix ?? tab.href;
    return pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname === tab.href;
  };
  // A lone tab for the page one is on is no choice: say nothing.
  if (!tabs.length || (tabs.length === 1 && isCurrent(tabs[0]!))) return null;
  return (
    <nav aria-label={label}>
      <ul className={css.tabs}>
        {tabs.map((tab) => {
          const current = isCurrent(tab);
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
    <div className={ui.stack}>
      <div>
        <Tabs tabs={receivable ? RECEIVABLE_TABS : PAYABLE_TABS} label={t(receivable ? 'finance.receivables' : 'finance.payables')} pathname={pathname} />
        {area && <Tabs tabs={SUB_TABS[area]!} label={t(area === '/fila-do-solicitante' ? 'finance.tabs.requesterQueue' : 'finance.tabs.paymentQueue')} pathname={pathname} />}
      </div>
      <ListPage {...props} />
    </div>
  );
}
