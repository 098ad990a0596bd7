/**
 * The test-only session knob (ServerSettings.testSessions; server/README.md): TEST_SESSION_LOGINS
 * (comma-separated logins), TEST_ACCESS_TOKEN_SECONDS, TEST_IDLE_TIMEOUT_SECONDS. Never in
 * production: ignored there, with a warning.
 */
import type { ServerSettings } from '../context.js';
import { isProduction } from '../setup/deployment.js';
import { normaliseLogin } from './users.js';

type Env = Record<string, string | undefined>;

export function testSessionsFrom(env: Env, warn: (line: string) => void): Pick<ServerSettings, 'testSessions'> {
  if (!env.TEST_SESSION_LOGINS) return {};
  if (isProduction(env)) {
    warn('TEST_SESSION_LOGINS ignorada em produção / TEST_SESSION_LOGINS ignored in production');
    return {};
  }
  const seconds = (value: string | undefined) => (value && Number(value) > 0 ? Math.round(Number(value)) : undefined);
  return {
    testSessions: {
      logins: env.TEST_SESSION_LOGINS.split(',').map((login) => normaliseLogin(login)).filter(Boolean),
      accessSeconds: seconds(env.TEST_ACCESS_TOKEN_SECONDS),
      idleSeconds: seconds(env.TEST_IDLE_TIMEOUT_SECONDS),
    },
  };
}
