/**
 * "Minhas pendências" on the home page (GET approvals/summary): what waits for my approval
 * (a link to the inbox) and my own records of each workflow resource by state, each a link to
 * the list filtered by that state and `mine=true`. Only what the user may open is shown.
 */
import { useAtomValue } from 'jotai';
import { findResource } from '../../contracts/resources';
import { t } from '../../core/i18n';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { resourceLabel } from '../../core/resources/labels';
import { StatusBadge } from '../../core/ui/StatusBadge';
import * as data from '../../core/ui/data.css';
import * as ui from '../../core/ui/ui.css';
import { useSummary } from '../approvals/api';
import { NavLink } from '../registry/PageHeader';

export function PendingSummary() {
  const subject = useAtomValue(permissionSubjectAtom);
  const summary = useSummary();
  if (!summary.data) return null;
  const mine = Object.entries(summary.data.mine).flatMap(([name, counts]) => {
    const resource = findResource(name);
    if (!resource?.workflow || !can(subject, resource.permission, 'create').can) return [];
    const states = Object.entries(counts).filter(([, count]) => count > 0);
    return states.length ? [{ resource, states }] : [];
  });
  const waiting = summary.data.waitingForMe;
  const approver = waiting > 0 || can(subject, 'approvals', 'approve').can;
  if (!approver && !mine.length) return null;
  return (
    <section className={ui.card} aria-labelledby="home-pending" part="pending">
      <h2 id="home-pending" style={{ marginTop: 0 }}>{t('home.pending.title')}</h2>
      <div className={ui.stack}>
        {approver && <p style={{ margin: 0 }}><NavLink href="/filas-de-aprovacao">{t('home.pending.waiting', { count: waiting })}</NavLink></p>}
        {mine.map(({ resource, states }) => (
          <div key={resource.name}>
            <h3 style={{ margin: '0 0 8px' }}>{t('home.pending.mine', { many: resourceLabel(resource, 'many').toLowerCase() })}</h3>
            <ul className={data.chips}>
              {states.map(([state, count]) => {
                const def = resource.workflow!.states[state];
                return (
                  <li key={state}>
                    <NavLink href={`${resource.route.base}?${resource.workflow!.field}=${encodeURIComponent(state)}&mine=true`}>
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
