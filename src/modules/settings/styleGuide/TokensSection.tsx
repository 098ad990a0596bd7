import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { t } from '../../../core/i18n';
import * as css from './styleGuide.css';
import { themeTokens, type Token } from './tokenList';

const TOKENS = themeTokens();

/** What each kind of token looks like, drawn with the token itself (so a host's override shows). */
function sampleStyle(token: Token): CSSProperties {
  const value = `var(${token.name})`;
  switch (token.kind) {
    case 'color':
      return { background: value };
    case 'font':
      return token.key === 'font.family' ? { fontFamily: value } : { fontSize: value };
    case 'radius':
      return { borderRadius: value, background: 'var(--bo-color-background)', borderWidth: 2 };
    case 'shadow':
      return { boxShadow: value };
    default:
      return {};
  }
}

/**
 * /theme: every `--bo-*` token with its value where the guide is drawn (the host page's override
 * when it has one) and a sample, then how to theme a tag.
 */
export function TokensSection() {
  const list = useRef<HTMLUListElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  useLayoutEffect(() => {
    if (!list.current) return;
    const computed = getComputedStyle(list.current);
    setValues(Object.fromEntries(TOKENS.map((token) => [token.name, computed.getPropertyValue(token.name).trim()])));
  }, []);
  return (
    <>
      <section className={css.example} aria-labelledby="guide-tokens">
        <h2 id="guide-tokens">{t('settings.guide.tokens.title')}</h2>
        <p>{t('settings.guide.tokens.intro', { count: TOKENS.length })}</p>
        <ul ref={list} className={css.grid} aria-labelledby="guide-tokens">
          {TOKENS.map((token) => (
            <li key={token.name} className={css.token} data-token={token.name}>
              <span className={css.sample} aria-hidden="true" style={token.kind === 'font' || token.kind === 'space' ? undefined : sampleStyle(token)}>
                {token.kind === 'font' && <span style={sampleStyle(token)}>Aa</span>}
                {token.kind === 'space' && <span className={css.spaceBar} style={{ width: `var(${token.name})` }} />}
              </span>
              <span className={css.tokenText}>
                <code>{token.name}</code>
                <span data-value>{values[token.name] ?? ''}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className={css.example} aria-labelledby="guide-theming">
        <h2 id="guide-theming">{t('settings.guide.theming.title')}</h2>
        <p>{t('settings.guide.theming.body')}</p>
        <code className={css.code}>{t('settings.guide.theming.example')}</code>
        <p>{t('settings.guide.theming.scope')}</p>
      </section>
    </>
  );
}
