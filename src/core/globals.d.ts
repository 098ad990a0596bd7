/** Replaced at build time (rollup) and in tests (vitest define) with package.json's version. */
declare const __APP_VERSION__: string;
