/** The `--bo-*` theme tokens, read from the theme contract itself (core/styles/tokens.css.ts): none is listed by hand. */
import { vars } from '../../../core/styles/tokens.css';

export type TokenKind = 'color' | 'font' | 'radius' | 'space' | 'shadow';

export interface Token {
  /** `--bo-color-primary` */
  name: string;
  kind: TokenKind;
  /** The contract's key: `color.primary`. */
  key: string;
}

/** Every token of the contract, in its order: `{ name: '--bo-color-primary', kind: 'color', key: 'color.primary' }`… */
export function themeTokens(contract: Readonly<Record<string, Readonly<Record<string, string>>>> = vars): Token[] {
  return Object.entries(contract).flatMap(([kind, group]) =>
    Object.entries(group).map(([key, reference]) => ({ name: /^var\((--[\w-]+)\)$/.exec(reference)?.[1] ?? reference, kind: kind as TokenKind, key: `${kind}.${key}` })),
  );
}
