/**
 * Rules without zod on the page: a declaration's rules are functions of the kit
 * (`rule: ({ z }) => z.int()`), run when a schema is first read. The kit is provided once by
 * `validation/provide.ts` — imported by the server and by the screens that validate (forms,
 * transition dialogs) — so a list screen, which only shows records, never downloads zod nor the
 * Brazilian validators (issue 23: the first list's bytes).
 */
import type * as Kit from './kit';

export type RuleKit = typeof Kit;
/** A schema written against the kit: `({ z }) => z.string().check(z.maxLength(20))`. */
export type Rule<S> = (kit: RuleKit) => S;

let provided: RuleKit | undefined;

export function provideRules(kit: RuleKit): void {
  provided = kit;
}

/** The kit; reading a schema before `validation/provide.ts` is loaded is a programming error. */
export function ruleKit(): RuleKit {
  if (!provided) throw new Error('Validation rules read before they were loaded: import "contracts/validation/provide" in the module that validates.');
  return provided;
}

/** A module-level schema built on first use (`settleInput()`), once. */
export function lazyRule<S>(make: Rule<S>): () => S {
  let built: S | undefined;
  return () => (built ??= make(ruleKit()));
}
