/**
 * The supplier's page, rendered on the server: plain HTML forms, no script at all (the app's CSP
 * forbids inline script; nothing of the portal's bundle is loaded or needed). Texts come from the
 * supplier-link catalogue and the solicitação's declaration (field labels and help).
 */
import { formatMoney } from '../../src/contracts/money.js';
import { formatInteger } from '../../src/core/format/money.js';
import { quoteRequests } from '../../src/contracts/resources/quoteRequests.js';
import { UNIT_LABELS } from '../../src/contracts/resources/parts/units.js';
import { fillText, type SupplierLinkText } from '../../src/core/i18n/catalogue/supplierLink.js';
import { FILE_MAX_BYTES } from '../../src/contracts/files.js';
import { escapeHtml as e } from '../mail/templates.js';
import { SUPPLIER_PAGE_PATH } from './supplier-link.js';

type FieldDefs = Readonly<Record<string, { label: string; help?: string; of?: Readonly<Record<string, { label: string; help?: string }>> }>>;
const fields = quoteRequests.fields as unknown as FieldDefs;
const lineFields = fields.answers.of!;
export const MEGABYTES = Math.floor(FILE_MAX_BYTES / (1024 * 1024));

const STYLE = `
:root{color-scheme:light;--ink:#1b2330;--muted:#4a5568;--line:#c9d1dc;--accent:#0b57a4;--bad:#a4130b;--ok:#14622f}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f4f6f9}
header{background:#fff;border-bottom:1px solid var(--line);padding:.75rem 1rem;font-size:.9rem;color:var(--muted)}
main{max-width:56rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;line-height:1.3;margin:.5rem 0 1rem}h2{font-size:1.1rem;margin:0 0 .5rem}
section,fieldset{background:#fff;border:1px solid var(--line);border-radius:.5rem;padding:1rem;margin:0 0 1rem}
fieldset{min-width:0}legend{font-weight:600;padding:0 .25rem}
.stack>*+*{margin-top:.75rem}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.75rem}
label{display:block;font-weight:600;font-size:.95rem}
.hint{display:block;font-weight:400;font-size:.85rem;color:var(--muted)}
input,textarea{display:block;width:100%;margin-top:.25rem;padding:.5rem;font:inherit;border:1px solid #8a94a3;border-radius:.375rem;background:#fff;color:var(--ink)}
input[type=file]{padding:.375rem}textarea{min-height:6rem}
input:focus,textarea:focus,button:focus{outline:3px solid #f2b632;outline-offset:1px}
button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border:0;border-radius:.375rem;background:var(--accent);color:#fff;cursor:pointer}
.notice{padding:.75rem 1rem;border-radius:.5rem;margin:0 0 1rem;border:1px solid}
.ok{background:#e8f5ec;border-color:#9fd1ad;color:var(--ok)}.bad{background:#fdecea;border-color:#f0a9a3;color:var(--bad)}
.error{display:block;color:var(--bad);font-size:.9rem;font-weight:600}
.muted{color:var(--muted)}p{margin:.25rem 0 .75rem}ul{margin:.25rem 0;padding-left:1.25rem}
`;

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow"><title>${e(title)}</title><style>${STYLE}</style></head>
<body><header>${e(fillText('page.brand'))}</header><main>${body}</main></body></html>`;
}

export type Refusal = 'invalid' | 'expired' | 'closed' | 'declined' | 'session' | 'csrf' | 'throttled' | 'tooLarge' | 'notPdf';

/** A refusal: what happened, that nothing was saved, and what to do. */
export function refusalPage(kind: Refusal, params: Readonly<Record<string, string | number>> = {}, back = false): string {
  const title = fillText(`refused.${kind}.title` as SupplierLinkText);
  const text = fillText(`refused.${kind}` as SupplierLinkText, { megabytes: MEGABYTES, ...params });
  const link = back ? `<p><a href="${SUPPLIER_PAGE_PATH}">${e(fillText('refused.back'))}</a></p>` : '';
  return shell(title, `<h1>${e(title)}</h1><p>${e(text)}</p>${link}`);
}

export interface QuoteHeaderView {
  organisation: string;
  number: number;
  title: string;
  deadline: string;
  notes: string | null;
  supplier: string;
}

/** GET with the token: nothing changes; the button exchanges the token for the cookie (POST). */
export function openPage(view: QuoteHeaderView, token: string): string {
  const p = { organisation: view.organisation, number: view.number, deadline: view.deadline, supplier: view.supplier };
  const heading = fillText('open.heading', p);
  return shell(fillText('page.title', p), `<h1>${e(heading)}</h1><section><p>${e(fillText('page.supplier', p))}</p><p>${e(fillText('page.deadline', p))}</p>
<p>${e(fillText('open.lead'))}</p><form method="post" action="${SUPPLIER_PAGE_PATH}/acesso"><input type="hidden" name="token" value="${e(token)}"><button type="submit">${e(fillText('open.button'))}</button></form></section>`);
}

export interface LineView {
  id: string;
  description: string;
  quantity: number;
  unit: string;
}

/** What the form shows in its inputs: the stored answer, or what was just typed (after an error). */
export interface FormValues {
  price: Record<string, string>;
  quantity: Record<string, string>;
  lead: Record<string, string>;
  freight: string;
  paymentTerms: string;
  validUntil: string;
  notes: string;
}

export interface AnswerView extends QuoteHeaderView {
  lines: LineView[];
  values: FormValues;
  proposalName: string | null;
  answeredAt: string | null;
  total: number | null;
}

const fieldError = (errors: Readonly<Record<string, string>>, name: string) => (errors[name] ? `<span class="error" id="${e(name)}-error">${e(errors[name])}</span>` : '');
const described = (errors: Readonly<Record<string, string>>, name: string, hint?: string) => {
  const ids = [hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ');
  return `${ids ? ` aria-describedby="${e(ids)}"` : ''}${errors[name] ? ' aria-invalid="true"' : ''}`;
};

function input(name: string, label: string, value: string, errors: Readonly<Record<string, string>>, options: { hint?: string; type?: string; mode?: string; max?: number } = {}): string {
  const id = `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const hint = options.hint ? `<span class="hint" id="${e(name)}-hint">${e(options.hint)}</span>` : '';
  return `<div><label for="${e(id)}">${e(label)}${hint}</label><input id="${e(id)}" name="${e(name)}" type="${options.type ?? 'text'}" value="${e(value)}"${options.mode ? ` inputmode="${options.mode}"` : ''}${options.max ? ` maxlength="${options.max}"` : ''}${described(errors, name, options.hint)}>${fieldError(errors, name)}</div>`;
}

/** The answer form (cookie session): the cotação's lines, deadline and notes, and this supplier's own answer only. */
export function answerPage(view: AnswerView, csrf: string, state: { errors?: Readonly<Record<string, string>>; saved?: boolean } = {}): string {
  const errors = state.errors ?? {};
  const p = { organisation: view.organisation, number: view.number, title: view.title, deadline: view.deadline, supplier: view.supplier };
  const notices = [
    state.saved ? `<p class="notice ok" role="status">${e(fillText('form.saved'))}</p>` : '',
    Object.keys(errors).length ? `<div class="notice bad" role="alert"><p>${e(fillText('form.errors'))}</p>${errors.form ? `<p>${e(errors.form)}</p>` : ''}</div>` : '',
  ].join('');
  const header = `<h1>${e(fillText('form.heading', p))}</h1>${notices}<section aria-labelledby="about"><h2 id="about">${e(view.organisation)}</h2><p>${e(fillText('page.supplier', p))}</p><p>${e(fillText('page.deadline', p))}</p>
${view.answeredAt ? `<p class="muted">${e(fillText('form.answered', { when: view.answeredAt }))}</p>` : ''}${view.total !== null ? `<p>${e(fillText('form.total', { total: formatMoney(view.total) }))}</p>` : ''}
${view.notes ? `<h3>${e(fillText('form.notes'))}</h3><p>${e(view.notes).replace(/\n/g, '<br>')}</p>` : ''}</section>`;
  const lines = view.lines
    .map((line, index) => {
      const unit = UNIT_LABELS[line.unit as keyof typeof UNIT_LABELS] ?? line.unit;
      return `<fieldset><legend>${index + 1}. ${e(line.description)}</legend><p class="muted">${e(fillText('form.lineQuantity', { quantity: formatInteger(line.quantity), unit }))}</p><div class="grid">
${input(`price.${line.id}`, `${lineFields.unitPrice.label} (R$)`, view.values.price[line.id] ?? '', errors, { hint: fillText('form.priceHint'), mode: 'decimal', max: 24 })}
${input(`quantity.${line.id}`, lineFields.quantity.label, view.values.quantity[line.id] ?? '', errors, { hint: fillText('form.quantityHint'), mode: 'numeric', max: 12 })}
${input(`lead.${line.id}`, lineFields.leadTimeDays.label, view.values.lead[line.id] ?? '', errors, { mode: 'numeric', max: 5 })}
</div></fieldset>`;
    })
    .join('');
  const linesError = errors.answers ? `<p class="error" role="alert">${e(errors.answers)}</p>` : '';
  const proposalHint = [view.proposalName ? fillText('form.proposalCurrent', { name: view.proposalName }) : '', fillText('form.proposalHint', { megabytes: MEGABYTES })].filter(Boolean).join(' ');
  const conditions = `<fieldset class="stack"><legend>${e(fillText('form.conditions'))}</legend><div class="grid">
${input('freight', `${fields.freight.label} (R$)`, view.values.freight, errors, { hint: fillText('form.freightHint'), mode: 'decimal', max: 24 })}
${input('paymentTerms', fields.paymentTerms.label, view.values.paymentTerms, errors, { hint: fields.paymentTerms.help, max: 40 })}
${input('validUntil', fields.validUntil.label, view.values.validUntil, errors, { type: 'date' })}
</div>
<div><label for="f-notes">${e(fields.notes.label)}</label><textarea id="f-notes" name="notes" maxlength="2000"${described(errors, 'notes')}>${e(view.values.notes)}</textarea>${fieldError(errors, 'notes')}</div>
<div><label for="f-proposal">${e(fields.proposalFileId.label)}<span class="hint" id="proposal-hint">${e(proposalHint)}</span></label><input id="f-proposal" name="proposal" type="file" accept="application/pdf,.pdf"${described(errors, 'proposal', proposalHint)}>${fieldError(errors, 'proposal')}</div>
</fieldset>`;
  const form = `<form method="post" action="${SUPPLIER_PAGE_PATH}" enctype="multipart/form-data" novalidate><input type="hidden" name="csrf" value="${e(csrf)}">
<h2>${e(fillText('form.lines'))}</h2>${linesError}${lines}${conditions}<button type="submit">${e(fillText('form.submit'))}</button></form>`;
  return shell(fillText('page.title', p), `${header}${form}`);
}
