/**
 * The generic form of a declaration: its sections, one input per field type, zod validation
 * before sending, server field errors as a bulleted list under each field, an unsaved-changes
 * warning, and the stale-version (412) warning that never overwrites silently.
 */
import '../i18n/recordPageTexts';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fieldShown, hiddenForEmpty, isOptionalField, typesSetByChoice, writableFields, type AnyResource } from '../../contracts/resource';
import { lockedFields } from '../../contracts/workflow';
import '../../contracts/validation/provide';
import { documentKind } from '../../contracts/brazil/documents';
import { hasMessage, t } from '../i18n';
import { notify } from '../notices';
import { errorPlace } from '../resources/errorPlace';
import { fieldLabel, resourceLabel, sectionTitle } from '../resources/labels';
import type { PathParams } from '../resources/paths';
import type { Row } from '../resources/useList';
import { useSave } from '../resources/useSave';
import { changedFields, initialValues, validate, type FieldErrors, type FormValues } from '../resources/values';
import { fillPatch, referenceFill } from '../resources/fills';
import { Alert } from './Alert';
import { approvalRestart } from './approvalRestart';
import { ConfirmDialog } from './ConfirmDialog';
import * as ui from './ui.css';
import * as css from './data.css';
import { Field } from './fields/Field';
import { FieldValue } from './fields/FieldValue';
import { useUnsavedChanges } from './useUnsavedChanges';
import { draftKey, useFormDraft } from '../formDraft';
import { useNavigation } from '../navigation';

export interface RecordFormProps {
  resource: AnyResource;
  params: PathParams;
  /** The record being edited; null creates one. */
  record: Row | null;
  onSaved: (record: Row) => void;
  onCancel?: () => void;
  /** False shows the values read-only (no update scope). */
  editable?: boolean;
  /** Id of the element naming the form (the page heading); else the resource's singular label. */
  labelledBy?: string;
  /** Values a new record starts with over the empty ones (a cart's lines). */
  initial?: FormValues;
  /**
   * A module's own region under a section (the lançamento's "Gerar parcelas" and sums): given the
   * section key, the form's values, a setter of several fields and the current errors.
   */
  sectionExtra?: (section: string, form: FormRegion) => ReactNode;
}

/** What a module's region of the form gets (RecordFormProps.sectionExtra). */
export interface FormRegion {
  values: FormValues;
  setMany: (patch: Record<string, unknown>) => void;
  errors: FieldErrors;
  editable: boolean;
}

const OPTIONAL_FREE = new Set(['boolean', 'list', 'references', 'scopes']);

function isRequired(resource: AnyResource, field: string): boolean {
  const def = resource.fields[field];
  if (!def || OPTIONAL_FREE.has(def.type) || (def.type === 'enum' && def.multiple)) return false;
  return !isOptionalField(resource, field);
}

/**
 * The notice after a create: the catalogue's `resources.<name>.created` (or `.createdInactive` for
 * a record saved inactive) when the resource has one, filled with the saved record's fields
 * (a new user is told the invitation e-mail went out), else the generic text.
 */
export function createdMessage(resource: AnyResource, saved: Row): string {
  const params = Object.fromEntries(Object.entries(saved).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))) as Record<string, string | number | boolean>;
  const keys = [saved.isActive === false ? `resources.${resource.name}.createdInactive` : null, `resources.${resource.name}.created`];
  for (const key of keys) if (key && hasMessage(key)) return t(key, params);
  return t('registry.created');
}

/** The errors left once these fields change (a list's items' errors, `installments.0.amount`, go with the list). */
function withoutFields(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  const keys = Object.keys(errors);
  const kept = keys.filter((key) => !fields.includes(key.split('.')[0]));
  return kept.length === keys.length ? errors : Object.fromEntries(kept.map((key) => [key, errors[key]]));
}

export function RecordForm({ resource, params, record, onSaved, onCancel, editable = true, labelledBy, initial, sectionExtra }: RecordFormProps) {
  const [base, setBase] = useState<Row | null>(record);
  const start = useMemo(() => initialValues(resource, base), [resource, base]);
  // Start values may bring the labels of what they reference (`_refs`), as a read does.
  const { _refs: startRefs, ...startValues } = (initial ?? {}) as FormValues & { _refs?: Row['_refs'] };
  const [values, setValues] = useState<FormValues>(() => (base || !initial ? start : { ...start, ...startValues }));
  const refsOf = base?._refs ?? (base ? undefined : startRefs);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const save = useSave(resource, params);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = editable && changedFields(start, values).length > 0;
  const unsaved = useUnsavedChanges(dirty);
  // Kept per tab while unsaved, so an ended session does not lose it (core/formDraft.ts).
  const { pathname } = useNavigation();
  const forgetDraft = useFormDraft(editable ? draftKey(resource.name, pathname) : null, { dirty, values, version: typeof base?.version === 'number' ? base.version : null }, (kept) =>
    setValues((current) => ({ ...current, ...kept })),
  );
  const errors = Object.keys(clientErrors).length ? clientErrors : save.fieldErrors;
  // Fields the record's workflow state locks are shown, not edited (the server refuses them too).
  const setByChoice = typesSetByChoice(resource.fields);
  const locked = new Set(base && resource.workflow ? lockedFields(resource.workflow, String(base[resource.workflow.field] ?? ''), writableFields(resource)) : []);
  // And those that change only through an approved change record (a conta financeira's bank data).
  const changedThrough = base && editable ? resource.changedThrough : undefined;
  for (const field of changedThrough?.fields ?? []) locked.add(field);

  const shownAsValue = (field: string) => Boolean(resource.fields[field]?.readOnly) || !editable || locked.has(field);

  const set = (field: string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    setClientErrors((current) => withoutFields(current, [field]));
    // A chosen record may fill the fields still empty (a faturamento's ordem de compra → its lines).
    const def = resource.fields[field];
    const map = def?.type === 'reference' ? referenceFill(`${resource.name}.${field}`) : undefined;
    if (map && def?.type === 'reference' && typeof value === 'string' && value) {
      fillPatch(def.resource, value, map, { ...values, [field]: value }, start)
        .then((patch) => Object.keys(patch).length > 0 && setMany(patch))
        .catch(() => undefined);
    }
  };

  const setMany = (patch: Record<string, unknown>) => {
    setValues((current) => ({ ...current, ...patch }));
    setClientErrors((current) => withoutFields(current, Object.keys(patch)));
  };

  /**
   * Whether a field has a place in the form: shown for these values (a read-only field's, which the
   * form does not hold, as the record has it), and not a read-only list on a new record (the server
   * fills it: a change's "Antes → depois"), nor one shown as a value (read-only, locked by the
   * record's state, or the whole form not editable) that is `hiddenWhenEmpty` with nothing in it.
   * A section with none is left out.
   */
  const inForm = (field: string) => {
    const def = resource.fields[field];
    if (!def || !fieldShown(def, base ? { ...base, ...values } : values)) return false;
    if (shownAsValue(field) && hiddenForEmpty(def, valueShown(field))) return false;
    return !(base === null && def.readOnly && def.type === 'list');
  };

  const restart = approvalRestart(resource, base, start, values);
  const [askRestart, setAskRestart] = useState(false);

  const submit = async (event?: FormEvent, against: Row | null = base, restartConfirmed = false) => {
    event?.preventDefault();
    const found = validate(resource, values);
    setClientErrors(found);
    if (Object.keys(found).length) {
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (restart?.changed.length && !restartConfirmed) {
      setAskRestart(true);
      return;
    }
    const saved = await save.save(values, against);
    if (saved) {
      unsaved.release();
      forgetDraft();
      notify({ type: 'success', message: record ? t('registry.saved') : createdMessage(resource, saved) });
      onSaved(saved);
    } else {
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
  };

  // Ctrl+S (⌘S) saves the form instead of the browser's "save page".
  const busy = save.busy;
  useEffect(() => {
    if (!editable) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!busy) formRef.current?.requestSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, busy]);

  // A document decides its kind field (PF / PJ) as it is typed; the server sets the same on write.
  const derived: Record<string, unknown> = {};
  for (const [field, def] of Object.entries(resource.fields)) {
    if (def.type === 'cpfCnpj' && 'kindField' in def && def.kindField && typeof values[field] === 'string') {
      const kind = documentKind(values[field] as string);
      if (kind) derived[def.kindField] = kind;
    }
    if (def.type === 'cpfCnpj' && 'kindField' in def && def.kindField && !(def.kindField in derived) && base?.[def.kindField]) derived[def.kindField] = base[def.kindField];
  }
  const withKinds = Object.keys(derived).length ? { ...values, ...derived } : values;
  /** What a field shown as a value shows: a read-only one as the record has it (or as derived), else the form's value. */
  const valueShown = (field: string) => (resource.fields[field]?.readOnly ? (derived[field] ?? base?.[field]) : values[field]);

  const current = save.stale?.current ?? null;
  const otherChanges = current && base ? changedFields(initialValues(resource, base), initialValues(resource, current)).map((f) => fieldLabel(resource, f)) : [];
  const known = new Set(Object.keys(resource.fields));
  const loose = Object.entries(errors).filter(([key]) => !known.has(key.split('.')[0]));
  const summary = Object.entries(errors).flatMap(([key, messages]) => messages.map((m) => `${known.has(key.split('.')[0]) ? `${errorPlace(resource, key)}: ` : ''}${m}`));

  return (
    <form ref={formRef} className={ui.stack} onSubmit={submit} noValidate aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : resourceLabel(resource, 'one')}>
      {save.stale && (
        <Alert tone="error">
          <strong>{t('registry.form.staleTitle')}</strong>
          <p>{t('registry.form.staleBody')}</p>
          {otherChanges.length > 0 && <p>{t('registry.form.staleFields', { fields: otherChanges.join(', ') })}</p>}
          <div className={ui.row}>
            <button type="button" className={ui.button.secondary} onClick={() => {
              if (current) {
                setBase(current);
                setValues(initialValues(resource, current));
              }
              save.clearStale();
            }}>{t('registry.form.staleReload')}</button>
            {current && (
              <button type="button" className={ui.button.danger} onClick={() => {
                setBase(current);
                save.clearStale();
                void submit(undefined, current);
              }}>{t('registry.form.staleOverwrite')}</button>
            )}
          </div>
        </Alert>
      )}
      {summary.length > 0 && (
        <Alert tone="error">
          <p>{save.error && !Object.keys(clientErrors).length ? save.error : t('registry.form.errors')}</p>
          <ul>{summary.map((line, i) => <li key={i}>{line}</li>)}</ul>
        </Alert>
      )}
      {save.error && summary.length === 0 && loose.length === 0 && <Alert tone="error">{save.error}</Alert>}
      {restart && editable && <Alert tone="info">{restart.notice}</Alert>}
      {changedThrough && <Alert tone="info">{changedThrough.note}</Alert>}
      {resource.form.sections.map((section) => ({ section, shownHere: section.fields.filter((field) => inForm(field)) })).filter(({ shownHere }) => shownHere.length > 0).map(({ section, shownHere }) => {
        const legend = sectionTitle(resource, section);
        const namedLikeSection = (label: string) => label.trim().toLocaleLowerCase('pt-BR') === legend.trim().toLocaleLowerCase('pt-BR');
        // A value alone in a section named like it ("Baixas" under "Baixas") is named by the legend alone, as on the details page.
        const loneValue = shownHere.length === 1 && shownAsValue(shownHere[0]) && namedLikeSection(fieldLabel(resource, shownHere[0])) ? shownHere[0] : null;
        return (
          <fieldset key={section.key} className={css.section}>
            <legend className={css.legend}>{legend}</legend>
            <div className={css.formGrid}>
              {shownHere.map((field) => {
                const def = resource.fields[field];
                const label = fieldLabel(resource, field);
                const total = resource.totals?.[field];
                if (total && editable) {
                  // A declared total: the same pure function the server runs, live as the user types.
                  let amount: number | null = null;
                  try {
                    amount = total(values);
                  } catch {
                    amount = null;
                  }
                  return (
                    <div key={field} className={`${ui.field} ${css.wide}`} data-field={field}>
                      <p className={css.totalLine} role="status" aria-live="polite" data-total={field}>
                        <span>{label}:</span>
                        <FieldValue resource={resource} field={field} def={def} value={amount} />
                      </p>
                    </div>
                  );
                }
                // The type of a chosen PIX key follows the choice: no input of its own (shown read-only when the form is).
                if (setByChoice.has(field) && editable && !locked.has(field)) return null;
                if (shownAsValue(field)) {
                  return (
                    <div key={field} className={ui.field}>
                      {field !== loneValue && <span className={ui.label}>{label}</span>}
                      <span><FieldValue resource={resource} field={field} def={def} value={valueShown(field)} refs={refsOf?.[field]} allRefs={refsOf} /></span>
                    </div>
                  );
                }
                return (
                  <Field
                    key={field}
                    resource={resource}
                    field={field}
                    label={label}
                    def={def}
                    value={values[field]}
                    onChange={(value) => set(field, value)}
                    params={params}
                    errors={errors}
                    refs={refsOf?.[field]}
                    allRefs={refsOf}
                    siblings={withKinds}
                    onSiblings={setMany}
                    required={isRequired(resource, field)}
                    labelShownBySection={namedLikeSection(label)}
                  />
                );
              })}
            </div>
            {sectionExtra?.(section.key, { values, setMany, errors, editable })}
          </fieldset>
        );
      })}
      {editable && (
        <div className={css.actionBar} role="group" aria-label={t('registry.form.actions')} data-action-bar>
          <button type="submit" className={ui.button.primary} disabled={save.busy} aria-busy={save.busy || undefined} aria-keyshortcuts="Control+S">{t('registry.save')}</button>
          {onCancel && <button type="button" className={ui.button.secondary} onClick={onCancel}>{t('registry.cancel')}</button>}
          <span className={css.shortcut} aria-hidden="true">{t('registry.form.shortcut')}</span>
        </div>
      )}
      {askRestart && restart && (
        <ConfirmDialog title={t('workflow.restart.title')} confirmLabel={t('workflow.restart.confirm')} busy={save.busy} onConfirm={() => {
          setAskRestart(false);
          void submit(undefined, base, true);
        }} onCancel={() => setAskRestart(false)}>
          <p>{restart.question}</p>
        </ConfirmDialog>
      )}
      {unsaved.pending && (
        <ConfirmDialog title={t('registry.form.unsavedTitle')} confirmLabel={t('registry.form.leave')} cancelLabel={t('registry.form.stay')} onConfirm={() => {
          forgetDraft();
          unsaved.leave();
        }} onCancel={unsaved.stay} danger>
          <p>{t('registry.form.unsavedBody')}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
