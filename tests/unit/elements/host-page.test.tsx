import { readdirSync } from 'node:fs';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { isSignInView, SIGN_IN_TAGS, SignInGate, signInOwner } from '../../../src/core/host/sharedSignIn';
import { mayOpenNone } from '../../../src/core/host/useForbidden';
import type { EffectivePermission } from '../../../src/contracts/identity';
import { makeUser } from '../core/helpers';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('one sign-in for every tag of a host page', () => {
  it('knows every tag but the portal', () => {
    const tags = readdirSync('src/elements').filter((file) => /^bo-.*\.ts$/.test(file)).map((file) => file.replace(/\.ts$/, ''));
    expect([...SIGN_IN_TAGS].sort()).toEqual(tags.filter((tag) => tag !== 'bo-portal').sort());
  });

  it('is the page’s first <bo-login>, else its first tag', () => {
    document.body.innerHTML = '<bo-pedidos id="a"></bo-pedidos><bo-minha-conta id="b"></bo-minha-conta><bo-login id="c"></bo-login><bo-login id="d"></bo-login>';
    const [a, b] = [document.getElementById('a')!, document.getElementById('b')!];
    expect(signInOwner(document, b)?.id).toBe('c');
    document.getElementById('c')!.remove();
    document.getElementById('d')!.remove();
    expect(signInOwner(document, b)).toBe(a);
    // A hidden tag (or one in a hidden box) cannot show it.
    a.setAttribute('hidden', '');
    expect(signInOwner(document, b)).toBe(b);
    // A tag inside another shadow root, alone: its own.
    document.body.innerHTML = '';
    const lone = document.createElement('bo-pedidos');
    expect(signInOwner(document, lone)).toBe(lone);
  });

  it('shows the sign-in in the owner only; the others wait with a note that leads to it', async () => {
    document.body.innerHTML = '<bo-pedidos id="first"></bo-pedidos><bo-contas-a-pagar id="second"></bo-contas-a-pagar>';
    const first = document.getElementById('first')!;
    const second = document.getElementById('second')!;
    const render = async (host: HTMLElement) => {
      const shadow = host.attachShadow({ mode: 'open' });
      const mount = document.createElement('div');
      shadow.append(mount);
      await act(async () => createRoot(mount).render(<SignInGate host={host} waiting><label>E-mail<input name="login" /></label></SignInGate>));
      return shadow;
    };
    const owner = await render(first);
    const waiting = await render(second);
    expect(owner.querySelector('input')).not.toBeNull();
    expect(waiting.querySelector('input')).toBeNull();
    expect(waiting.textContent).toContain('Entre no Retaguarda para ver esta área.');
    await act(async () => (waiting.querySelector('button') as HTMLButtonElement).click());
    expect(owner.activeElement).toBe(owner.querySelector('input'));
  });
});

describe('what the page’s one sign-in stands for', () => {
  const view = (path: string, search: string, layout: 'login' | 'portal', isPublic: boolean) =>
    ({
      kind: 'route',
      match: { route: { path, layout, public: isPublic, load: async () => ({ default: () => null }) }, params: {} },
      Component: () => null,
      location: { pathname: path, search, hash: '', state: null, key: 'k' },
    }) as const;
  it('is every sign-in screen, not the account’s fresh verification of a signed-in user', () => {
    expect(isSignInView(view('/login', '?redirectTo=/pedidos/1', 'login', true))).toBe(true);
    expect(isSignInView(view('/auth/codigo', '?redirectTo=/pedidos', 'login', true))).toBe(true);
    expect(isSignInView(view('/auth/codigo', '?endpoint=usersMe&redirectTo=/minha-conta/alterar-senha', 'login', true))).toBe(false);
    expect(isSignInView(view('/pedidos', '', 'portal', false))).toBe(false);
    expect(isSignInView({ kind: 'loading' })).toBe(false);
  });
});

describe('a tag the user may not open', () => {
  const permissions: EffectivePermission[] = [{ resources: [{ name: 'orders', scopes: ['create'] }, { name: 'requesterQueue', scopes: ['read'] }], acls: [] }];
  it('is one with no scope at all on any of its modules', () => {
    const user = makeUser();
    expect(mayOpenNone({ user, permissions }, ['orders'])).toBe(false);
    expect(mayOpenNone({ user, permissions }, ['payables', 'requesterQueue', 'paymentQueue'])).toBe(false);
    expect(mayOpenNone({ user, permissions }, ['receivables'])).toBe(true);
  });
  it('is undecided without a user or permissions, and never a SystemOwner', () => {
    expect(mayOpenNone({ user: null, permissions }, ['receivables'])).toBe(false);
    expect(mayOpenNone({ user: makeUser(), permissions: null }, ['receivables'])).toBe(false);
    expect(mayOpenNone({ user: makeUser({ accessLevel: 'SystemOwner' }), permissions: [] }, ['receivables'])).toBe(false);
  });
});
