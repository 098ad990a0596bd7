/**
 * The demo organisation on a production start (SEED_DEMO=1 only): each login gets a random
 * password instead of the README's, shown once on the console when the organisation is created
 * (the only time anyone can read them: the database keeps argon2id hashes); the same print for
 * the published passwords a production start replaces (known-demo-passwords.ts).
 */
import { randomBytes } from 'node:crypto';
import { DEMO_USERS } from '../db/seed.js';

/** A fresh random password: 96 bits, 16 characters. */
export const randomPassword = (): string => randomBytes(12).toString('base64url');

/** A random password per demo login. */
export function demoPasswords(): Map<string, string> {
  return new Map(DEMO_USERS.map((user) => [user.email, randomPassword()]));
}

export const DEMO_CREATED = 'Organização de demonstração criada com senhas aleatórias, mostradas somente agora / Demo organisation created with random passwords, shown only now:';
export const DEMO_ROTATED = 'Senhas publicadas da demonstração trocadas por senhas aleatórias, mostradas somente agora / Published demo passwords replaced by random ones, shown only now:';

export function printDemoPasswords(passwords: Map<string, string>, heading = DEMO_CREATED, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): void {
  write(heading);
  for (const [email, password] of passwords) write(`  ${email}  ${password}`);
}
