/**
 * Password hashing: argon2id m=19456 KiB, t=2, p=1 (OWASP), unique salt, rehash on login when
 * parameters change, bounded concurrency (hashing is memory-hard: a flood of logins must not
 * exhaust the machine), and a dummy hash so unknown logins cost the same as known ones.
 */
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { COMMON_PASSWORDS } from './common-passwords.js';

export interface HashParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}
export const DEFAULT_HASH_PARAMS: HashParams = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** @node-rs/argon2's Algorithm.Argon2id (a const enum we cannot import with isolatedModules). */
const ARGON2ID = 2;

export class Semaphore {
  #available: number;
  #waiting: Array<() => void> = [];
  constructor(size: number) {
    this.#available = size;
  }
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#available > 0) this.#available--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#available++;
    }
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  needsRehash(hashed: string): boolean;
  /** Spends the same time as a real verification (for unknown logins). */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(params: HashParams = DEFAULT_HASH_PARAMS, concurrency = Math.max(2, availableParallelism())): PasswordHasher {
  const limiter = new Semaphore(concurrency);
  const options = { ...params, algorithm: ARGON2ID, outputLen: 32 };
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => limiter.run(() => hash(password, options)),
    verify: (hashed, password) =>
      limiter.run(async () => {
        try {
          return await verify(hashed, password);
        } catch {
          return false;
        }
      }),
    needsRehash(hashed) {
      try {
        const parsed = parseOptions(hashed);
        return (
          (parsed.algorithm as number) !== ARGON2ID ||
          parsed.memoryCost !== params.memoryCost ||
          parsed.timeCost !== params.timeCost ||
          parsed.parallelism !== params.parallelism
        );
      } catch {
        return true;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('retaguarda-dummy-password', options);
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}

/** Password policy beyond length (the contract checks 8..128): no common passwords. */
export function passwordProblem(password: string): string | undefined {
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) return 'Esta senha é muito comum. Escolha outra.';
  return undefined;
}
