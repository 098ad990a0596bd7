/**
 * "Minhas pendências" on the home page (GET approvals/summary): what waits for my approval
 * (a link to the inbox) and my own records of each workflow resource by state, each a link to
 * the list filtered by that state and `mine=true`; and finance's counts (GET finance/summary):
 * parcelas waiting for my atesto, payments waiting for authorisation, overdue payables — each a
 * link to its queue. Only what the user may open is shown.
 */
import { useAtomValue } from 'jotai';
import { catalogueEntry, type WorkflowSummary } from '../../core/catalogue';
import { WORKFLOWS } from '../../core/catalogue/workflows';
import { registerCatalogue, t } from '../../core/i18n';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { resourceLabel } from '../../core/resources/labels';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useSummary } from '../approvals/api';
import { useFinanceSummary } from './financeSummary';
import { NavLink } from '../registry/PageHeader';
import { home } from './catalogue';

registerCatalogue(home);

export function PendingSummary() {
  const subject = useAtomValue(permissionSubjectAtom);
  const summary = useSummary();
  const finance = useFinanceSummary().data;
  if (!summary.data) return null;
  const financeLinks = [
    { count: finance?.awaitingMyAttest, href: '/fila-do-solicitante/parcelamentos', key: 'home.pending.attest' },
    { count: finance?.awaitingAuthorization, href: '/fila-de-pagamentos/parcelamentos/fila', key: 'home.pending.authorize' },
    { count: finance?.overduePayables, href: '/contas-a-pagar/parcelamentos?isOverdue=true', key: 'home.pending.overdue' },
  ].filter((link): link is { count: number; href: string; key: string } => typeof link.count === 'number');
  const mine = Object.entries(summary.data.mine).flatMap(([name, counts]) => {
    const resource = catalogueEntry(name);
    const workflow = (WORKFLOWS as Partial<Record<string, WorkflowSummary>>)[name];
    if (!resource || !workflow || !can(subject, resource.permission, 'create').can) return [];
    const states = Object.entries(counts).filter(([, count]) => count > 0);
    return states.length ? [{ resource, workflow, states }] : [];
  });
  const waiting = summary.data.waitingForMe;
  const approver = waiting > 0 || can(subject, 'approvals', 'approve').can;
  if (!approver && !mine.length && !financeLinks.length) return null;
  return (
    <section className={ui.card} aria-labelledby="home-pending" part="pending">
      <h2 id="home-pending" style={{ marginTop: 0 }}>{t('home.pending.title')}</h2>
      <div className={ui.stack}>
        {approver && <p style={{ margin: 0 }}><NavLink href="/filas-de-aprovacao">{t('home.pending.waiting', { count: waiting })}</NavLink></p>}
        {financeLinks.map((link) => (
          <p key={link.key} style={{ margin: 0 }}><NavLink href={link.href}>{t(link.key as 'home.pending.attest', { count: link.count })}</NavLink></p>
        ))}
        {mine.map(({ resource, workflow, states }) => (
          <div key={resource.name}>
            <h3 style={{ margin: '0 0 8px' }}>{t('home.pending.mine', { many: resourceLabel(resource, 'many').toLowerCase() })}</h3>
            <ul className={data.chips}>
              {states.map(([state, count]) => {
                const def = workflow.states[state];
                return (
                  <li key={state}>
                    <NavLink href={`${resource.route.base}?${workflow.field}=${encodeURIComponent(state)}&mine=true`}>
                      <StatusBadge label={t('home.pending.state', { label: def?.label ?? state, count })} tone={def?.tone ?? 'neutral'} />
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
