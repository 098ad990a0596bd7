/** Replaced at build time (rollup) and in tests (vitest define) with package.json's version. */
declare const __APP_VERSION__: string;
/** Replaced at build time (rollup) with a hash of src/core/configSchema.ts, in tests with a fixed value. */
declare const __CONFIG_SCHEMA_ID__: string;
