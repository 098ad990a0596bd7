import { closeLoginWindow, announceSessionRefresh } from '../../core/host/loginWindow';
import { t } from '../../core/i18n';
import { Dialog } from '../../core/ui/Dialog';
import { AuthFlow } from './AuthFlow';

/** The small login window of the 401 notice: sign in again without leaving the current page. */
export default function LoginWindow({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <Dialog title={t('auth.window.title')} onClose={closeLoginWindow}>
      <AuthFlow
        embedded={false}
        onSignedIn={() => {
          closeLoginWindow();
          onSignedIn();
          announceSessionRefresh();
        }}
      />
    </Dialog>
  );
}
