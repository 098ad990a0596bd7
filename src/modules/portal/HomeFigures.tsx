/**
 * The home's figures (issue 26 "Painéis and the home"): what each role works on, as numbers that
 * link to the list behind them, from one call (GET home/figures, fetched on every visit). The
 * server leaves out (null) what the user may not read; the groups:
 * - Tesouraria: the balance of each account, a pagar / a receber due today, in the next 7 days and
 *   overdue, payments awaiting authorisation — and, for who reads the reports, the painéis;
 * - Aprovações: what waits for my decision and how much; parcelas waiting for my atesto;
 * - Meus pedidos: my pedidos by state;
 * - Compras: pedidos to quote, ordens awaiting delivery and faturamento.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { BUYING_STATES, homeFiguresEndpoint, type Figure, type HomeFigures as Figures } from '../../contracts/dashboards';
import { WORKFLOWS } from '../../core/catalogue/workflows';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { callEndpoint } from '../../core/resources/endpoint';
import { Link } from '../../core/ui/Link';
import * as ui from '../../core/ui/ui.css';
import { home } from './catalogue';
import * as css from './homeFigures.css';

registerCatalogue(home);

interface Tile {
  key: string;
  label: string;
  value: string;
  note?: string;
  href: string;
  alert?: boolean;
}

const parcelas = (figure: Figure) => t(figure.count === 1 ? 'home.figures.parcela' : 'home.figures.parcelas', { count: figure.count });
const money = (figure: Figure, label: string, href: string, key: string, alert = false): Tile => ({ key, label, value: formatMoney(figure.amount), note: parcelas(figure), href, alert: alert && figure.count > 0 });
const statuses = (states: readonly string[]) => states.map((s) => `status=${encodeURIComponent(s)}`).join('&');

function treasury(f: Figures, reports: boolean): Tile[] {
  const tiles: Tile[] = [];
  if (f.accounts) {
    if (f.accounts.length > 1) tiles.push({ key: 'total', label: t('home.figures.totalBalance'), value: formatMoney(f.accounts.reduce((s, a) => s + a.balance, 0)), href: reports ? '/bi/dashboards' : '/contas-financeiras' });
    for (const account of f.accounts) tiles.push({ key: `account-${account.id}`, label: t('home.figures.balance', { account: account.name }), value: formatMoney(account.balance), href: `/contas-financeiras/${encodeURIComponent(account.id)}` });
  }
  const due = (direction: 'payable' | 'receivable', base: string, labels: [string, string, string]) => {
    const figures = f[direction === 'payable' ? 'payables' : 'receivables'];
    if (!figures) return;
    const open = statuses(f.openStates[direction]);
    tiles.push(
      money(figures.dueToday, t(labels[0]), `${base}?${open}&dueDate.from=${f.today}&dueDate.to=${f.today}`, `${direction}-today`),
      money(figures.dueWeek, t(labels[1]), `${base}?${open}&dueDate.from=${f.today}&dueDate.to=${f.weekEnd}`, `${direction}-week`),
      money(figures.overdue, t(labels[2]), `${base}?isOverdue=true`, `${direction}-overdue`, true),
    );
  };
  due('payable', '/contas-a-pagar/parcelamentos', ['home.figures.payToday', 'home.figures.payWeek', 'home.figures.payOverdue']);
  due('receivable', '/contas-a-receber/parcelamentos', ['home.figures.receiveToday', 'home.figures.receiveWeek', 'home.figures.receiveOverdue']);
  if (f.awaitingAuthorization) tiles.push(money(f.awaitingAuthorization, t('home.figures.authorize'), '/fila-de-pagamentos/parcelamentos/fila', 'authorize'));
  return tiles;
}

function approvals(f: Figures, approver: boolean): Tile[] {
  const tiles: Tile[] = [];
  if (approver || f.waitingForMe.count > 0) tiles.push({ key: 'waiting', label: t('home.figures.waiting'), value: String(f.waitingForMe.count), note: formatMoney(f.waitingForMe.amount), href: '/filas-de-aprovacao' });
  if (f.awaitingMyAttest && (f.awaitingMyAttest.count > 0 || !approver)) tiles.push({ key: 'attest', label: t('home.figures.attest'), value: String(f.awaitingMyAttest.count), note: formatMoney(f.awaitingMyAttest.amount), href: '/fila-do-solicitante/parcelamentos' });
  return tiles;
}

function requests(f: Figures): Tile[] {
  if (!f.myOrders) return [];
  const workflow = WORKFLOWS.orders;
  return Object.entries(workflow.states)
    .filter(([state]) => (f.myOrders![state] ?? 0) > 0)
    .map(([state, def]) => ({ key: `orders-${state}`, label: def.label, value: String(f.myOrders![state]), href: `/pedidos?${workflow.field}=${encodeURIComponent(state)}&mine=true` }));
}

function buying(f: Figures): Tile[] {
  const tiles: Tile[] = [];
  const records = (figure: Figure, label: string, href: string, key: string): Tile => ({ key, label, value: String(figure.count), note: formatMoney(figure.amount), href });
  if (f.ordersToQuote) tiles.push(records(f.ordersToQuote, t('home.figures.toQuote'), `/pedidos?${statuses(BUYING_STATES.toQuote)}`, 'to-quote'));
  if (f.purchaseOrders) {
    tiles.push(records(f.purchaseOrders.awaitingDelivery, t('home.figures.awaitingDelivery'), `/ordens-de-compra?${statuses(BUYING_STATES.awaitingDelivery)}`, 'delivery'));
    tiles.push(records(f.purchaseOrders.awaitingInvoice, t('home.figures.awaitingInvoice'), `/ordens-de-compra?${statuses(BUYING_STATES.awaitingInvoice)}`, 'invoice'));
  }
  return tiles;
}

export function HomeFigures() {
  const subject = useAtomValue(permissionSubjectAtom);
  const [figures, setFigures] = useState<Figures | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callEndpoint(homeFiguresEndpoint, { signal: controller.signal, silent: true }).then(setFigures, () => undefined);
    return () => controller.abort();
  }, []);
  if (!figures) return null;
  const reports = can(subject, 'financeReports', 'read').can;
  const groups = [
    { key: 'treasury', title: t('home.figures.treasury'), tiles: treasury(figures, reports), more: reports ? { href: '/bi/dashboards', label: t('home.figures.dashboards') } : undefined },
    { key: 'approvals', title: t('home.figures.approvals'), tiles: approvals(figures, can(subject, 'approvals', 'approve').can) },
    { key: 'requests', title: t('home.figures.requests'), tiles: requests(figures), empty: figures.myOrders ? t('home.figures.noOrders') : undefined },
    { key: 'buying', title: t('home.figures.buying'), tiles: buying(figures) },
  ].filter((group) => group.tiles.length || group.empty);
  if (!groups.length) return null;
  return (
    <section className={ui.card} aria-labelledby="home-figures" part="figures">
      <h2 id="home-figures" style={{ marginTop: 0 }}>{t('home.figures.title')}</h2>
      <div className={css.groups}>
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`home-figures-${group.key}`}>
            <h3 id={`home-figures-${group.key}`} className={css.groupTitle}>{group.title}</h3>
            {group.tiles.length ? (
              <ul className={css.tiles}>
                {group.tiles.map((tile) => (
                  <li key={tile.key}>
                    <Link href={tile.href} className={tile.alert ? css.alertTile : css.tile}>
                      <span className={css.label}>{tile.label}:</span>
                      <span className={css.value}> {tile.value}</span>
                      {tile.note && <span className={css.note}> {tile.note}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : <p style={{ margin: 0 }}>{group.empty}</p>}
            {group.more && <p style={{ margin: '8px 0 0' }}><Link href={group.more.href}>{group.more.label}</Link></p>}
          </section>
        ))}
      </div>
    </section>
  );
}
