/**
 * A user's effective permissions as the matrix's marks, each saying which policy — held directly or
 * through which profile — grants it: on the user's page (/usuarios/{userId}/permissoes) and in
 * Minha conta › Políticas.
 */
import { useEffect, useMemo, useState } from 'react';
import { permissionEndpoints, type PermissionCatalogue, type UserPermissions as Answer } from '../../contracts/permissionCatalogue';
import { registerCatalogue, t } from '../../core/i18n';
import { callEndpoint } from '../../core/resources/endpoint';
import { Spinner } from '../../core/ui/Spinner';
import * as ui from '../../core/ui/ui.css';
import { permissionTexts } from './catalogue';
import { grantKey, PermissionMatrix } from './PermissionMatrix';

registerCatalogue(permissionTexts);

const via = (source: { policy: string; profile: string | null }) =>
  source.profile ? t('permissions.via.profile', { profile: source.profile, policy: source.policy }) : t('permissions.via.direct', { policy: source.policy });

export function UserPermissions({ userId, intro = true }: { userId: string; intro?: boolean }) {
  const [catalogue, setCatalogue] = useState<PermissionCatalogue | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([callEndpoint(permissionEndpoints.catalogue), callEndpoint(permissionEndpoints.user, { params: { id: userId } })]).then(([loaded, permissions]) => {
      if (!live) return;
      setCatalogue(loaded);
      setAnswer(permissions);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const sources = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const kind of ['resources', 'acls'] as const)
      for (const entry of answer?.[kind] ?? []) for (const { scope, sources: from } of entry.scopes) map.set(grantKey(kind, entry.name, scope), from.map(via));
    return map;
  }, [answer]);

  if (!catalogue || !answer) return <Spinner />;
  return (
    <div className={ui.stack}>
      {intro && <p className={ui.hint}>{t('permissions.user.intro', { name: answer.user.name })}</p>}
      {answer.user.accessLevel === 'SystemOwner' && <p role="note">{t('permissions.user.systemOwner')}</p>}
      {sources.size === 0 ? <p>{t('permissions.user.none')}</p> : <PermissionMatrix catalogue={catalogue} sources={sources} onlyGranted />}
    </div>
  );
}
