/**
 * /grupos-de-usuario/{userGroupId}/permissoes: the profile's permission matrix. The boxes edit the
 * profile's own policy; what its other policies grant shows checked and locked. Saving sends the
 * version read (a 412 when someone saved meanwhile: the HTTP notice says so, nothing is lost here).
 */
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, useState } from 'react';
import { permissionEndpoints, type Grants, type PermissionCatalogue, type ProfilePermissions } from '../../contracts/permissionCatalogue';
import type { Scope } from '../../contracts/resource';
import { registerCatalogue, t } from '../../core/i18n';
import { notify } from '../../core/notices';
import { can, permissionSubjectAtom } from '../../core/permissions';
import { callEndpoint } from '../../core/resources/endpoint';
import { Spinner } from '../../core/ui/Spinner';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { permissionTexts } from './catalogue';
import { grantKey, PermissionMatrix, type GrantKind } from './PermissionMatrix';
import * as css from './permissions.css';

registerCatalogue(permissionTexts);

type Draft = { resources: Grants; acls: Grants };

const copy = (grants: Grants): Grants => Object.fromEntries(Object.entries(grants).map(([name, scopes]) => [name, [...scopes]]));

/** How many (kind, name, scope) cells differ between two drafts. */
function changes(a: Draft, b: Draft): number {
  let count = 0;
  for (const kind of ['resources', 'acls'] as const) {
    for (const name of new Set([...Object.keys(a[kind]), ...Object.keys(b[kind])])) {
      const left = new Set(a[kind][name] ?? []);
      const right = new Set(b[kind][name] ?? []);
      for (const scope of new Set([...left, ...right])) if (left.has(scope) !== right.has(scope)) count += 1;
    }
  }
  return count;
}

export default function ProfilePermissionsPage({ record }: SubPageProps) {
  const titleId = useId();
  const subject = useAtomValue(permissionSubjectAtom);
  const [catalogue, setCatalogue] = useState<PermissionCatalogue | null>(null);
  const [saved, setSaved] = useState<ProfilePermissions | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = ['userGroups:update', 'applicationPolicies:update', 'applicationPolicies:create'].every((pair) => can(subject, pair.split(':')[0], pair.split(':')[1]).can);

  useEffect(() => {
    let live = true;
    void Promise.all([callEndpoint(permissionEndpoints.catalogue), callEndpoint(permissionEndpoints.profile, { params: { id: record.id } })]).then(([loaded, permissions]) => {
      if (!live) return;
      setCatalogue(loaded);
      setSaved(permissions);
      setDraft({ resources: copy(permissions.own.resources), acls: copy(permissions.own.acls) });
    });
    return () => {
      live = false;
    };
  }, [record.id]);

  const sources = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const other of saved?.inherited ?? [])
      for (const kind of ['resources', 'acls'] as const)
        for (const [name, scopes] of Object.entries(other[kind])) for (const scope of scopes) map.set(grantKey(kind, name, scope), [...(map.get(grantKey(kind, name, scope)) ?? []), other.policy.name]);
    return map;
  }, [saved]);

  if (!catalogue || !saved || !draft) return <Spinner />;
  const pending = changes(draft, saved.own);

  const toggle = (kind: GrantKind, name: string, scope: Scope, on: boolean) =>
    setDraft((current) => {
      if (!current) return current;
      const scopes = new Set(current[kind][name] ?? []);
      if (on) scopes.add(scope);
      else scopes.delete(scope);
      return { ...current, [kind]: { ...current[kind], [name]: [...scopes] } };
    });

  const save = async () => {
    setBusy(true);
    try {
      const answer = await callEndpoint(permissionEndpoints.saveProfile, { params: { id: record.id }, body: { version: saved.own.version, ...draft } });
      setSaved(answer);
      setDraft({ resources: copy(answer.own.resources), acls: copy(answer.own.acls) });
      notify({ type: 'success', message: t('permissions.saved') });
    } catch {
      // the HTTP notice explains it (400 with the names, 412 when someone saved meanwhile); the boxes stay as marked
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} style={{ margin: 0 }}>{t('permissions.profile.title')}</h2>
        <p className={ui.hint}>{editable ? t('permissions.profile.intro') : t('permissions.readOnly')}</p>
        <p className={ui.hint}>
          {saved.own.policy ? t('permissions.profile.ownPolicy', { policy: saved.own.policy.name }) : t('permissions.profile.noPolicy')}
          {saved.inherited.length > 0 && ` ${t('permissions.profile.otherPolicies', { policies: saved.inherited.map((other) => other.policy.name).join(', ') })}`}
        </p>
      </div>
      <PermissionMatrix catalogue={catalogue} own={draft} sources={sources} onToggle={editable ? toggle : undefined} />
      {editable && (
        <div className={css.saveBar}>
          <button type="button" className={ui.button.primary} disabled={busy || pending === 0} onClick={() => void save()}>{t('permissions.save')}</button>
          <button type="button" className={ui.button.secondary} disabled={busy || pending === 0}
            onClick={() => setDraft({ resources: copy(saved.own.resources), acls: copy(saved.own.acls) })}>{t('permissions.discard')}</button>
          <span role="status" className={ui.hint}>{pending > 0 ? t('permissions.unsaved', { count: pending }) : ''}</span>
        </div>
      )}
    </section>
  );
}
