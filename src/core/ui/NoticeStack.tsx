import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { dismissNotice, noticesAtom, type Notice, type NoticeAction } from '../notices';
import * as css from './ui.css';

/**
 * Only one element on a page shows the notices (several `bo-*` tags share one store):
 * the first stack mounted takes the role, the next one takes over when it unmounts.
 */
const hosts: symbol[] = [];
const listeners = new Set<() => void>();

export function useIsNoticeHost(): boolean {
  const [me] = useState(() => Symbol('notice-host'));
  const [, rerender] = useState(0);
  useEffect(() => {
    hosts.push(me);
    const listener = () => rerender((n) => n + 1);
    listeners.add(listener);
    listeners.forEach((l) => l());
    return () => {
      hosts.splice(hosts.indexOf(me), 1);
      listeners.delete(listener);
      listeners.forEach((l) => l());
    };
  }, [me]);
  return hosts[0] === me;
}

export function NoticeStack({ onAction }: { onAction: (action: NoticeAction, notice: Notice) => void }) {
  const notices = useAtomValue(noticesAtom);
  return (
    <section className={css.notices} aria-label={t('ui.notices')}>
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={css.notice[notice.type]}
          role={notice.type === 'error' ? 'alert' : 'status'}
          data-notice-id={notice.id}
        >
          <p className={css.overline}>{notice.overline}</p>
          <p className={css.noticeMessage}>{notice.message}</p>
          {notice.details && (
            <ul className={css.noticeDetails}>
              {notice.details.map((line, index) => <li key={index}>{line}</li>)}
            </ul>
          )}
          <div className={css.row}>
            {notice.actionButton && (
              <button type="button" className={css.button.primary} onClick={() => onAction(notice.actionButton!.action, notice)}>
                {notice.actionButton.label}
              </button>
            )}
            {notice.dismissButton ? (
              <button type="button" className={css.button.secondary} onClick={() => onAction(notice.dismissButton!.action, notice)}>
                {notice.dismissButton.label}
              </button>
            ) : (
              <button type="button" className={css.button.link} aria-label={t('ui.dismiss')} onClick={() => dismissNotice(notice.id)}>
                {t('ui.close')}
              </button>
            )}
          </div>
        </div>
      ))}
    </section>
  );
}
