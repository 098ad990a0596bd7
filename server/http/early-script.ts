/**
 * The portal page's inline script (STATIC_DIR/early.js, built from src/elements/early.ts): the
 * first requests of the page's tag, sent as soon as the page is parsed. Inline because a script
 * file, even a tiny one, runs only after its own request, and a module only after its imports.
 * The page's CSP allows it by its hash (no 'unsafe-inline'). Read from the bundle's in-memory files
 * (bundle-files.ts), so a rebuild is seen at once.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../mail/templates.js';
import type { ReadBundleFile } from './bundle-files.js';

interface EarlyScript {
  text: string;
  /** The CSP source that allows it: `'sha256-…'`. */
  source: string;
}

/** The last version read (by the file's validator), and its script: null when unsafe to inline. */
let cached: { etag: string; script: EarlyScript | null } | undefined;

/** early.js, read through the bundle's in-memory files (a rebuild is seen there); null when absent or unsafe to inline. */
async function earlyScript(readBundle: ReadBundleFile | undefined): Promise<EarlyScript | null> {
  const file = await readBundle?.('early.js');
  if (!file) return null;
  if (cached?.etag === file.etag) return cached.script;
  // Inside <script>: a "</script" or "<!--" in it would end or change the element.
  const text = file.body.toString('utf8').trim();
  const script = /<\/script|<!--/i.test(text) ? null : { text, source: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
  cached = { etag: file.etag, script };
  return script;
}

/** The config URL of the page's first `bo-*` tag (its default when it names none). */
function configUrlOf(html: string): string {
  const attributes = /<bo-[a-z-]+(\s[^>]*)?>/i.exec(html)?.[1] ?? '';
  return /\sconfig-url\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] || '/app.config.json';
}

/**
 * `html` with the early script first in its head (before the bundle's files and after what it
 * reads: the page's first-request meta, `head`), and the reply's CSP (helmet's, set on every
 * answer) allowing it; without a build, `html` with `head` only.
 */
export async function withEarlyScript(html: string, head: string, readBundle: ReadBundleFile | undefined, reply: FastifyReply): Promise<string> {
  const script = await earlyScript(readBundle);
  const csp = reply.raw.getHeader('content-security-policy');
  const allowed = script && typeof csp === 'string' && /(^|;)\s*script-src /.test(csp);
  if (allowed) reply.raw.setHeader('content-security-policy', csp.replace(/((?:^|;)\s*script-src [^;]*)/, `$1 ${script.source}`));
  const first = allowed ? `${head}<script data-config-url="${escapeHtml(configUrlOf(html))}">${script.text}</script>` : head;
  if (!first) return html;
  // After the head's charset declaration when there is one (it must come within the first 1024 bytes).
  const open = /<meta\s+charset[^>]*>/i.exec(html) ?? /<head(\s[^>]*)?>/i.exec(html);
  if (open) return `${html.slice(0, open.index + open[0].length)}${first}${html.slice(open.index + open[0].length)}`;
  // No <head>: after the doctype, which must stay first.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? '';
  return `${doctype}${first}${html.slice(doctype.length)}`;
}
