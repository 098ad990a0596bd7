import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __CONFIG_SCHEMA_ID__: JSON.stringify('test') },
  test: {
    projects: [
      {
        plugins: [vanillaExtractPlugin()],
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __CONFIG_SCHEMA_ID__: JSON.stringify('test') },
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-validation.ts', 'tests/unit/setup-record-texts.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/setup-validation.ts'],
          // PGlite databases are ~1 GB each: keep API files from piling up in parallel.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
