import { useEffect } from 'react';
import { logout } from '../../core/auth';
import { t } from '../../core/i18n';
import { useNavigation } from '../../core/navigation';
import { Spinner } from '../../core/ui/Spinner';
import { AuthCard } from './AuthCard';

export default function LogoutPage() {
  const { go } = useNavigation();
  useEffect(() => {
    void logout().finally(() => go('/login', { replace: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <AuthCard title={t('auth.logout.title')}>
      <Spinner label={t('auth.logout.progress')} />
    </AuthCard>
  );
}
