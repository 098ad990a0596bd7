/**
 * Areas × scopes of the permission catalogue, one table per area (and the Grupos de Agências):
 * editable checkboxes for a profile's own policy, or marks for what is granted — each mark saying
 * where it comes from. On a narrow container the rows become cards with the scope beside each box.
 */
import type { Grants, PermissionCatalogue } from '../../contracts/permissionCatalogue';
import type { Scope } from '../../contracts/resource';
import { t } from '../../core/i18n';
import { visuallyHidden } from '../../core/styles/base.css';
import * as css from './permissions.css';

export type GrantKind = 'resources' | 'acls';

/** The columns, in the order an administrator reads them. */
export const MATRIX_SCOPES: readonly Scope[] = ['read', 'create', 'update', 'delete', 'approve', 'export'];

export const grantKey = (kind: GrantKind, name: string, scope: string) => `${kind}:${name}:${scope}`;

export interface MatrixProps {
  catalogue: PermissionCatalogue;
  /** What the matrix edits (with `onToggle`); absent: marks only. */
  own?: { resources: Grants; acls: Grants };
  /** Grants from elsewhere (other policies, profiles), by `grantKey`, with the words naming each source. */
  sources: ReadonlyMap<string, readonly string[]>;
  onToggle?: (kind: GrantKind, name: string, scope: Scope, on: boolean) => void;
  /** Hide the rows where nothing is granted (a user's effective permissions). */
  onlyGranted?: boolean;
}

interface Row {
  name: string;
  title: string;
  scopes: readonly Scope[];
}

export function PermissionMatrix({ catalogue, own, sources, onToggle, onlyGranted }: MatrixProps) {
  const groups: { key: string; title: string; kind: GrantKind; help?: string; rows: Row[] }[] = [
    ...catalogue.areas.map((area) => ({ key: area.key, title: area.title, kind: 'resources' as const, rows: area.entries as Row[] })),
    ...(catalogue.acls.length > 0 ? [{ key: 'acls', title: t('permissions.acls'), kind: 'acls' as const, help: t('permissions.aclsHelp'), rows: catalogue.acls.map((acl) => ({ ...acl, scopes: MATRIX_SCOPES })) }] : []),
  ];
  const holds = (kind: GrantKind, name: string, scope: Scope) => Boolean(own?.[kind][name]?.includes(scope));
  const anyGrant = (kind: GrantKind, row: Row) => MATRIX_SCOPES.some((scope) => holds(kind, row.name, scope) || sources.has(grantKey(kind, row.name, scope)));

  return (
    <div className={css.area}>
      {groups.map((group) => {
        const rows = onlyGranted ? group.rows.filter((row) => anyGrant(group.kind, row)) : group.rows;
        if (rows.length === 0) return null;
        return (
          <table key={group.key} className={css.table}>
            <caption className={css.caption}>
              {group.title}
              {group.help && <><br /><small className={css.inherited}>{group.help}</small></>}
            </caption>
            <thead className={css.head}>
              <tr>
                <th scope="col" className={css.headCell}>{t('permissions.area')}</th>
                {MATRIX_SCOPES.map((scope) => <th key={scope} scope="col" className={css.headCell}>{t(`registry.scope.${scope}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name} className={css.row}>
                  <th scope="row" className={css.name}>
                    {row.title}
                    {!onToggle && <RowSources sources={MATRIX_SCOPES.flatMap((scope) => sources.get(grantKey(group.kind, row.name, scope)) ?? [])} />}
                  </th>
                  {MATRIX_SCOPES.map((scope) => (
                    <td key={scope} className={css.cell}>
                      <Cell row={row} scope={scope} on={holds(group.kind, row.name, scope)} from={sources.get(grantKey(group.kind, row.name, scope))}
                        onToggle={onToggle && ((on) => onToggle(group.kind, row.name, scope, on))} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}

/** Marks only: where the row's scopes come from, once each, under its title (the marks say it per scope to a screen reader). */
function RowSources({ sources }: { sources: readonly string[] }) {
  const unique = [...new Set(sources)];
  return unique.length > 0 ? <><br /><small className={css.inherited} aria-hidden="true">{unique.join('; ')}</small></> : null;
}

function Cell({ row, scope, on, from, onToggle }: { row: Row; scope: Scope; on: boolean; from?: readonly string[]; onToggle?: (on: boolean) => void }) {
  const label = t('permissions.cell', { area: row.title, scope: t(`registry.scope.${scope}`) });
  const grantedBy = from && from.length > 0 ? t('permissions.grantedBy', { sources: from.join('; ') }) : undefined;
  if (!onToggle) {
    if (!on && !grantedBy) return <span className={css.none}><span aria-hidden="true">—</span><span className={visuallyHidden}>{label}</span></span>;
    return (
      <span className={css.granted} title={grantedBy}>
        <span aria-hidden="true">✓</span>
        <span className={css.inlineLabel}>{t(`registry.scope.${scope}`)}</span>
        <span className={visuallyHidden}>{`${label}. ${grantedBy ?? ''}`}</span>
      </span>
    );
  }
  // A scope that does nothing on this area is not offered (unless held: it can still be taken away).
  if (!row.scopes.includes(scope) && !on && !grantedBy) return <span className={css.none} title={t('permissions.notApplicable')}><span aria-hidden="true">—</span><span className={visuallyHidden}>{`${label}: ${t('permissions.notApplicable')}`}</span></span>;
  const locked = Boolean(grantedBy) && !on;
  return (
    <label className={css.toggle} title={grantedBy} data-locked={locked || undefined}>
      <input type="checkbox" checked={on || locked} disabled={locked} aria-label={grantedBy ? `${label}. ${grantedBy}` : label} onChange={(event) => onToggle(event.target.checked)} />
      <span className={css.inlineLabel} aria-hidden="true">{t(`registry.scope.${scope}`)}</span>
    </label>
  );
}
