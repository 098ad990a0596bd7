/** /usuarios/{userId}/permissoes: the user's effective permissions and where each comes from. */
import { useId } from 'react';
import { t } from '../../core/i18n';
import * as ui from '../../core/ui/ui.css';
import type { SubPageProps } from '../registry/spec';
import { UserPermissions } from './UserPermissions';

export default function UserPermissionsPage({ record }: SubPageProps) {
  const titleId = useId();
  return (
    <section className={ui.stack} aria-labelledby={titleId}>
      <h2 id={titleId} style={{ margin: 0 }}>{t('permissions.user.title')}</h2>
      <UserPermissions userId={record.id} />
    </section>
  );
}
