/**
 * The demo organisation on a production start (SEED_DEMO=1 only): each login gets a random
 * password instead of the README's, shown once on the console when the organisation is created
 * (the only time anyone can read them: the database keeps argon2id hashes).
 */
import { randomBytes } from 'node:crypto';
import { DEMO_USERS } from '../db/seed.js';

/** A fresh random password (96 bits, 16 characters) per demo login. */
export function demoPasswords(): Map<string, string> {
  return new Map(DEMO_USERS.map((user) => [user.email, randomBytes(12).toString('base64url')]));
}

export function printDemoPasswords(passwords: Map<string, string>, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): void {
  write('Organização de demonstração criada com senhas aleatórias, mostradas somente agora / Demo organisation created with random passwords, shown only now:');
  for (const [email, password] of passwords) write(`  ${email}  ${password}`);
}
