import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { resetAuthKeys } from '../session';
import { dismissNotice, HTTP_401_NOTICE_ID, type Notice, type NoticeAction } from '../notices';
import { refreshApp } from '../version';
import { keepSessionAlive } from '../sessionLife';
import { NoticeStack, useIsNoticeHost } from '../ui/NoticeStack';
import * as base from '../styles/base.css';
import { loginWindowOpenAtom, openLoginWindow } from './loginWindow';

const LoginWindow = lazy(() => import('../../modules/auth/LoginWindow'));

/**
 * What every Retaguarda element renders first: the wrapper that
 * shields the shadow tree from the host page's inherited styles, notices and the login window.
 */
export function ElementRoot({ children, part }: { children: ReactNode; part?: string }) {
  const onAction = useCallback((action: NoticeAction, notice: Notice) => {
    if (action === 'reload') window.location.reload();
    else if (action === 'refresh-app') refreshApp();
    else if (action === 'keep-session') void keepSessionAlive();
    else if (action === 'login') {
      resetAuthKeys();
      openLoginWindow();
    }
    if (action !== 'login') dismissNotice(notice.id);
  }, []);
  return (
    <div className={base.root} part={part ?? 'base'}>
      {children}
      <NoticeHost onAction={onAction} />
    </div>
  );
}

function NoticeHost({ onAction }: { onAction: (action: NoticeAction, notice: Notice) => void }) {
  if (!useIsNoticeHost()) return null;
  return (
    <>
      <NoticeStack onAction={onAction} />
      <LoginWindowSlot />
    </>
  );
}

function LoginWindowSlot() {
  const open = useAtomValue(loginWindowOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginWindow onSignedIn={() => dismissNotice(HTTP_401_NOTICE_ID)} />
    </Suspense>
  );
}
