import { t } from '../../../core/i18n';
import * as css from './styleGuide.css';

/** The glyphs the kit draws (text, no icon font: nothing to download, they take the text's color). */
const GLYPHS = [
  { glyph: '☰', use: 'menu' },
  { glyph: '›', use: 'crumb' },
  { glyph: '▲', use: 'sortUp' },
  { glyph: '▼', use: 'sortDown' },
  { glyph: '+', use: 'open' },
  { glyph: '−', use: 'close' },
  { glyph: '*', use: 'required' },
] as const;

/** /test-icon: the kit's glyphs and what each one means. */
export function IconsSection() {
  return (
    <section className={css.example} aria-labelledby="guide-icons">
      <h2 id="guide-icons">{t('settings.guide.icons.title')}</h2>
      <p>{t('settings.guide.icons.intro')}</p>
      <ul className={css.grid}>
        {GLYPHS.map(({ glyph, use }) => (
          <li key={use} className={css.token}>
            <span className={`${css.sample} ${css.glyph}`} aria-hidden="true">{glyph}</span>
            <span className={css.tokenText}>{t(`settings.guide.icons.${use}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
