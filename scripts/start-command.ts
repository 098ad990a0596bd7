/**
 * The node flags `npm start` gives the server (package.json's start script: `node <flags>
 * dist-server/main.mjs`), read from there so that the benches and API tests that run the bundle
 * measure and test the command a user starts (docs/operations.md "Memory of one instance").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const startScript = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
const flags = startScript.match(/\bnode((?:\s+--\S+)*)\s+dist-server\/main\.mjs/);
if (!flags) throw new Error(`package.json's start script does not run node dist-server/main.mjs: ${startScript}`);

export const START_NODE_FLAGS: readonly string[] = flags[1].split(/\s+/).filter(Boolean);
