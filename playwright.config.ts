import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `.tmp/e2e-data-${process.pid}`;
const companyLookupPort = Number(process.env.TEST_COMPANY_LOOKUP_PORT ?? 2527);

/** End-to-end: the real server on a fresh embedded database, real SMTP, Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: [
    {
      command: 'node scripts/test-mail-server.mjs',
      url: 'http://127.0.0.1:2526/health',
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The public CNPJ service's stand-in (scripts/test-company-lookup-server.mjs): our server asks it.
      command: 'node scripts/test-company-lookup-server.mjs',
      url: `http://127.0.0.1:${companyLookupPort}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { TEST_COMPANY_LOOKUP_PORT: String(companyLookupPort) },
    },
    {
      command: `rm -rf ${dataDir} && mkdir -p .tmp && cp app.config.json .tmp/e2e-app.config.json && env -u DATABASE_URL npx tsx server/main.ts`,
      url: `http://127.0.0.1:${port}/app.config.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        APP_CONFIG_PATH: '.tmp/e2e-app.config.json',
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_AUTH_MAX: '100000',
        LOG_LEVEL: 'warn',
        // The tests seed what they assert on: never the demo quarter, even from a shell that exports it.
        DEMO_QUARTER: '',
        COMPANY_LOOKUP_URL: `http://127.0.0.1:${companyLookupPort}/api/cnpj/v1`,
        // A second, real organisation set up at start (the operator's SETUP_* path): its first
        // administrator's invitation reaches the test mailbox (tests/e2e/onboarding.spec.ts).
        SETUP_CNPJ: '45.723.174/0001-10',
        SETUP_RAZAO_SOCIAL: 'Empresa Primeira Ltda',
        SETUP_NOME: 'Marina Primeira',
        SETUP_EMAIL: 'marina@primeira.test',
        // Test-only session knob (server/main.ts `testSessions`): only this login, which
        // tests/e2e/session-life.spec.ts creates, gets 20 s access tokens and a 75 s idle time-out.
        TEST_SESSION_LOGINS: 'sessoes@demo.com.br',
        TEST_ACCESS_TOKEN_SECONDS: '20',
        TEST_IDLE_TIMEOUT_SECONDS: '75',
      },
    },
  ],
});
