/**
 * The supplier's answer page (server/pricing/supplier-link-page.ts): bytes (raw and gzip) and
 * render time of the "Abrir cotação" page and of the answer form for 2 and 200 lines (the
 * cotação's maximum). Prints numbers; asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import { answerPage, openPage, type AnswerView } from '../server/pricing/supplier-link-page.js';

const head = { organisation: 'Demo Compras e Finanças Ltda', number: 12, title: 'Reposição de estoque', deadline: '15/12/2026', notes: 'Entregar no almoxarifado central.', supplier: 'Horizonte' };
const csrf = 'x'.repeat(43);
const opened = openPage(head, 'y'.repeat(43));
console.log(`supplier page "Abrir cotação": ${Buffer.byteLength(opened)} B, ${gzipSync(opened).length} B gzip`);
for (const count of [2, 200]) {
  const lines = Array.from({ length: count }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, description: `Produto de teste nº ${i + 1}`, quantity: 10 + i, unit: 'UN' }));
  const values = { price: Object.fromEntries(lines.map((l) => [l.id, '1.234,56'])), quantity: {}, lead: {}, freight: '150,00', paymentTerms: '30/60', validUntil: '2026-12-31', notes: '' };
  const view: AnswerView = { ...head, lines, values, proposalName: 'proposta.pdf', answeredAt: '27/11/2026 10:00', total: 123456 };
  const html = answerPage(view, csrf);
  for (let i = 0; i < 20; i++) answerPage(view, csrf);
  const runs = 200;
  const started = performance.now();
  for (let i = 0; i < runs; i++) answerPage(view, csrf);
  const ms = (performance.now() - started) / runs;
  console.log(`supplier answer form, ${count} lines: ${Buffer.byteLength(html)} B, ${gzipSync(html).length} B gzip, render ${ms.toFixed(2)} ms`);
}
