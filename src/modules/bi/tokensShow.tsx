/**
 * /bi/tokens-de-conta/{accountTokenId}: the generic show screen, with the secret above it right
 * after the token was made (tokensSecret.ts) — to copy, once —, and its last uses below it
 * (TokenUses.tsx), paged.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { registerCatalogue, t } from '../../core/i18n';
import { notify } from '../../core/notices';
import * as ui from '../../core/ui/ui.css';
import ShowPage from '../registry/ShowPage';
import type { RegistryPageProps } from '../registry/spec';
import { useRegistry } from '../registry/useRegistry';
import * as css from './tokens.css';
import { TokenUses } from './TokenUses';
import { forgetSecret, peekSecret } from './tokensSecret';
import { tokenTexts } from './tokensTexts';

registerCatalogue(tokenTexts);

export default function TokenShowPage(props: RegistryPageProps) {
  const { id } = useRegistry(props);
  return (
    <div className={ui.stack}>
      {id && <SecretOnce key={id} id={id} />}
      <ShowPage {...props} />
      {id && <TokenUses id={id} />}
    </div>
  );
}

function SecretOnce({ id }: { id: string }) {
  const [secret, setSecret] = useState(() => peekSecret(id));
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  // Taken: a later visit of this page (or a reload) shows it no more.
  useEffect(() => forgetSecret(id), [id]);
  if (!secret) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify({ type: 'success', message: t('bi.tokens.secret.copied') });
    } catch {
      input.current?.select();
      notify({ type: 'error', message: t('bi.tokens.secret.copyFailed') });
    }
  };
  return (
    <section className={`${ui.card} ${css.secret}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={css.title}>{t('bi.tokens.secret.title')}</h2>
      <p id={hintId}>{t('bi.tokens.secret.once')}</p>
      <div className={ui.field}>
        <label htmlFor={inputId} className={ui.label}>{t('bi.tokens.secret.label')}</label>
        <input ref={input} id={inputId} className={`${ui.input} ${css.value}`} value={secret} readOnly aria-describedby={hintId} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <p className={ui.hint}>{t('bi.tokens.secret.usage')}</p>
      <div className={ui.row}>
        <button type="button" className={ui.button.primary} onClick={() => void copy()}>{t('bi.tokens.secret.copy')}</button>
        <button type="button" className={ui.button.secondary} onClick={() => setSecret(undefined)}>{t('bi.tokens.secret.done')}</button>
      </div>
    </section>
  );
}
