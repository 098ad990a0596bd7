/**
 * One sign-in for every tag on a host page (issue 27). Signed out, the page's first `<bo-login>`
 * shows the login; with none, the first Retaguarda tag on the page does (its guard sent it to its
 * login screen); every other tag waits with a short note and moves on to the page it was going to
 * when the shared session arrives (one jotai store). `<bo-portal>` owns its page and takes no part.
 */
import { atom, useAtomValue } from 'jotai';
import { useContext, useEffect, type ReactNode } from 'react';
import { t } from '../i18n';
import { NavigationContext, safeRedirect } from '../navigation';
import { store } from '../store';
import * as ui from '../ui/ui.css';
import type { View } from './RouterHost';
import { useSignedIn } from './useSignedIn';

/** The tags that need a session and may show the sign-in (every `bo-*` element but the portal). */
export const SIGN_IN_TAGS = ['bo-login', 'bo-pedidos', 'bo-cotacoes', 'bo-ordens-de-compra', 'bo-contas-a-pagar', 'bo-contas-a-receber', 'bo-minha-conta', 'bo-conciliacao', 'bo-arquivos-de-remessa', 'bo-painel'] as const;

/** Bumped when a tag comes or goes: the others then ask again who shows the sign-in. */
const tagsChanged = atom(0);
const bump = () => store.set(tagsChanged, (n) => n + 1);

/**
 * The tag that shows the sign-in on `root`'s page: the first visible `<bo-login>`, else the first
 * visible Retaguarda tag in document order, else `self` (a tag inside another shadow root).
 */
export function signInOwner(root: ParentNode, self: Element | undefined): Element | undefined {
  const tags = Array.from(root.querySelectorAll(SIGN_IN_TAGS.join(','))).filter((tag) => !tag.closest('[hidden]'));
  return tags.find((tag) => tag.localName === 'bo-login') ?? tags[0] ?? self;
}

/** Brings the sign-in into view and puts the cursor in its first field. */
function goToSignIn(owner: Element | undefined) {
  owner?.scrollIntoView?.({ block: 'center' });
  (owner?.shadowRoot?.querySelector('input:not([type="hidden"])') as HTMLElement | null)?.focus();
}

/**
 * A sign-in screen (login, code, setup, recovery): what the page's one sign-in stands for
 * elsewhere. Not the account's fresh verification (`/auth/codigo?endpoint=usersMe`, asked of a
 * signed-in user before the security pages): that one is the tag's own.
 */
export const isSignInView = (view: View) =>
  view.kind === 'route' &&
  (view.match.route.public === true || view.match.route.layout === 'login') &&
  new URLSearchParams(view.location.search).get('endpoint') !== 'usersMe';

interface GateProps {
  host: Element | undefined;
  /** This tag would show a sign-in screen now (signed out). */
  waiting: boolean;
  /** Where the tag goes after the sign-in when its screen named nowhere (its home). */
  home?: string;
  children: ReactNode;
}

/** Renders `children` (the sign-in) when this tag is the page's sign-in, else the waiting note. */
export function SignInGate({ host, waiting, home, children }: GateProps) {
  useAtomValue(tagsChanged);
  useEffect(() => {
    bump();
    return bump;
  }, []);
  if (!waiting || !host || typeof document === 'undefined') return children;
  const owner = signInOwner(document, host);
  if (owner === host) return children;
  return <WaitingForSignIn owner={owner} home={home} />;
}

/** The quiet note of a tag waiting for the page's sign-in; once signed in, on to where it was going. */
function WaitingForSignIn({ owner, home }: { owner: Element | undefined; home?: string }) {
  const navigation = useContext(NavigationContext);
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn || !navigation) return;
    const target = safeRedirect(new URLSearchParams(navigation.search).get('redirectTo'), home);
    navigation.go(navigation.routable?.(target.split('?')[0]) === false && home ? home : target, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
  return (
    <p className={ui.hint} data-waiting-sign-in="">
      {t('host.signIn.waiting')}{' '}
      <button type="button" className={ui.button.link} onClick={() => goToSignIn(owner)}>{t('host.signIn.goTo')}</button>
    </p>
  );
}
