/**
 * The report screen kind (issue 26): one screen for every report declared in
 * src/contracts/reports.ts — filters from the declaration (kept in the URL), a grid of rows ×
 * period columns with the total (and the % of a row, DRE: receita líquida), detail rows
 * collapsible under their line, and every number a button that drills down to the parcelas
 * behind it (the drill endpoint, raw rows), each a link to its parcela. The grid scrolls inside
 * itself on a phone; the first column stays in view.
 */
import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import { CATALOGUE } from '../../core/catalogue';
import { formatDate } from '../../core/format/dates';
import { formatMoney } from '../../core/format/money';
import { registerCatalogue, t } from '../../core/i18n';
import { useNavigation, useQuery, withQuery } from '../../core/navigation';
import { download } from '../../core/resources/actions';
import { callEndpoint } from '../../core/resources/endpoint';
import { Link } from '../../core/ui/Link';
import ReferenceSelect from '../../core/ui/ReferenceSelect';
import { Spinner } from '../../core/ui/Spinner';
import * as css from '../../core/ui/data.css';
import { printable } from '../../core/ui/print.css';
import * as ui from '../../core/ui/ui.css';
import { BASES, BASIS_LABELS, drillEndpoint, GRAIN_LABELS, GRAINS, reportExportPath, REPORTS, type DrillAnswer, type DrillKey, type ReportAnswer, type ReportDeclaration, type ReportName, type ReportRow } from '../../contracts/reports';
import { reportFilters, reportParams, saoPauloToday } from '../../contracts/reportRequest';
import * as style from './report.css';
import { biTexts } from './texts';

registerCatalogue(biTexts);

const percent = (value: number, of: number) => (of === 0 ? '—' : new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / of));

/** The filters as a line of text, for paper (where the form is not printed). */
function printedFilters(declaration: ReportDeclaration, filters: Record<string, string>, labels: Record<string, string>): string {
  return declaration.filters
    .map((filter) => {
      const value = filters[filter.key];
      if (!value) return filter.empty ? `${filter.label}: ${filter.empty}` : '';
      if (filter.kind === 'basis') return `${filter.label}: ${BASIS_LABELS[value as keyof typeof BASIS_LABELS] ?? value}`;
      if (filter.kind === 'grain') return `${filter.label}: ${GRAIN_LABELS[value as keyof typeof GRAIN_LABELS] ?? value}`;
      if (filter.kind === 'date') return `${filter.label}: ${formatDate(value)}`;
      if (filter.kind === 'reference') return `${filter.label}: ${labels[value] ?? t('bi.reports.chosen')}`;
      return `${filter.label}: ${value}`;
    })
    .filter(Boolean)
    .join(' · ');
}

/** A report screen bound to its declaration (the route's view). */
export function reportScreen(name: ReportName) {
  return function Report() {
    return <ReportPage declaration={REPORTS[name]} />;
  };
}

function ReportPage({ declaration }: { declaration: ReportDeclaration }) {
  const id = useId();
  const navigation = useNavigation();
  const query = useQuery();
  const today = useMemo(() => saoPauloToday(), []);
  const filters = useMemo(() => reportFilters(declaration, query, today), [declaration, query, today]);
  const drillAt = query.get('drill');
  const [answer, setAnswer] = useState<ReportAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  /** The labels of the references picked here (for the printed filters). */
  const [chosen, setChosen] = useState<Record<string, string>>({});

  const set = (changes: Record<string, string | undefined>) => {
    const next: Record<string, string | undefined> = {};
    for (const filter of declaration.filters) next[filter.key] = filters[filter.key];
    next.drill = drillAt ?? undefined;
    Object.assign(next, changes);
    navigation.go(withQuery(navigation.pathname, next), { replace: true });
  };

  const filterKey = JSON.stringify(filters);
  const params = useMemo(() => reportParams(filters), [filters]);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    callEndpoint(declaration.endpoint, { query: params, signal: controller.signal, silent: true })
      .then(setAnswer)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [declaration, filterKey]);

  const rowsByParent = useMemo(() => {
    const map = new Map<string, ReportRow[]>();
    for (const row of answer?.rows ?? []) if (row.parent) map.set(row.parent, [...(map.get(row.parent) ?? []), row]);
    return map;
  }, [answer]);
  const base = answer?.percentOf ? answer.rows.find((r) => r.key === answer.percentOf) : undefined;

  const [drillRowKey, drillColumn] = drillAt?.split('@') ?? [];
  const drillRow = answer?.rows.find((r) => r.key === drillRowKey);
  const columnIndex = drillColumn === 'total' ? -1 : Number(drillColumn);

  const cell = (row: ReportRow, value: number | null, column: number) => {
    if (value === null) return <span aria-label={t('bi.reports.future')}>—</span>;
    const text = formatMoney(value);
    if (!row.drill || value === 0) return text;
    const label = column < 0 ? t('bi.reports.total') : answer!.columns[column].label;
    return (
      <button type="button" className={style.drillButton} aria-label={t('bi.reports.drillCell', { row: row.label, column: label, value: text })} onClick={() => set({ drill: `${row.key}@${column < 0 ? 'total' : column}` })}>
        {text}
      </button>
    );
  };

  const renderRow = (row: ReportRow) => {
    const children = rowsByParent.get(row.key) ?? [];
    const expanded = open[row.key] ?? drillRow?.parent === row.key;
    return (
      <Fragment key={row.key}>
        <tr className={row.kind === 'subtotal' || row.kind === 'balance' ? style.subtotal : row.kind === 'detail' ? style.detail : undefined}>
          <th scope="row" className={style.rowHead}>
            {children.length ? (
              <button type="button" className={style.toggle} aria-expanded={expanded} onClick={() => setOpen({ ...open, [row.key]: !expanded })} aria-label={t(expanded ? 'bi.reports.collapse' : 'bi.reports.expand', { line: row.label })}>
                <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {row.label}
              </button>
            ) : (
              row.label
            )}
          </th>
          {row.values.map((value, i) => (
            <td key={answer!.columns[i].key} className={css.numericCell}>{cell(row, value, i)}</td>
          ))}
          <td className={`${css.numericCell} ${style.total}`}>{cell(row, row.total, -1)}</td>
          {base && <td className={css.numericCell}>{row.total === null ? '—' : percent(row.total, base.total ?? 0)}</td>}
        </tr>
        {expanded && children.map(renderRow)}
      </Fragment>
    );
  };

  return (
    <section className={`${ui.stack} ${printable.sheet}`} aria-labelledby={`${id}-title`}>
      <div className={css.header}>
        <h1 id={`${id}-title`} style={{ margin: 0 }}>{declaration.title}</h1>
        <span role="group" aria-label={t('bi.reports.exportLabel')} className={`${ui.row} ${printable.noPrint}`}>
          {(['csv', 'xlsx'] as const).map((format) => (
            <button key={format} type="button" className={ui.button.secondary} disabled={!answer}
              onClick={() => download(declaration.endpoint.family, reportExportPath(declaration.endpoint, format), params, `${declaration.name}.${format}`).catch(() => undefined)}>
              {t(format === 'csv' ? 'bi.reports.exportCsv' : 'bi.reports.exportXlsx')}
            </button>
          ))}
          <button type="button" className={ui.button.secondary} disabled={!answer} onClick={() => window.print()}>{t('bi.reports.print')}</button>
        </span>
      </div>
      <p className={style.printOnly}>{printedFilters(declaration, filters, chosen)}</p>
      <form className={`${css.filters} ${printable.noPrint}`} aria-label={t('bi.reports.filters')} onSubmit={(event) => event.preventDefault()}>
        <div className={css.filterGrid} style={{ marginTop: 0 }}>
          {declaration.filters.map((filter) => {
            const inputId = `${id}-${filter.key}`;
            const value = filters[filter.key] ?? '';
            if (filter.kind === 'reference' && filter.resource)
              return (
                <div key={filter.key} className={ui.field}>
                  <span className={ui.label} id={`${inputId}-label`}>{filter.label}</span>
                  <ReferenceSelect id={inputId} label={filter.label} target={CATALOGUE[filter.resource]} params={{}} value={value ? [value] : []} onChange={(ids, options) => {
                    if (options[0]) setChosen({ ...chosen, [options[0].id]: options[0].label });
                    set({ [filter.key]: ids[0] ?? undefined, drill: undefined });
                  }} />
                  {!value && filter.empty && <span className={ui.hint}>{filter.empty}</span>}
                </div>
              );
            const options = filter.kind === 'basis' ? BASES.map((b) => [b, BASIS_LABELS[b]] as const) : filter.kind === 'grain' ? GRAINS.map((g) => [g, GRAIN_LABELS[g]] as const) : null;
            return (
              <div key={filter.key} className={ui.field}>
                <label className={ui.label} htmlFor={inputId}>{filter.label}</label>
                {options ? (
                  <select id={inputId} className={ui.input} value={value} onChange={(event) => set({ [filter.key]: event.target.value, drill: undefined })}>
                    {options.map(([key, label]) => <option key={key} value={key}>{label}</option>)}
                  </select>
                ) : (
                  <input id={inputId} className={ui.input} type={filter.kind === 'year' ? 'number' : 'date'} min={filter.kind === 'year' ? 2000 : undefined} max={filter.kind === 'year' ? 2100 : undefined} value={value}
                    onChange={(event) => event.target.value && set({ [filter.key]: event.target.value, drill: undefined })} />
                )}
              </div>
            );
          })}
        </div>
      </form>
      {failed && <p role="alert" className={ui.alert.error}>{t('bi.reports.error')}</p>}
      {!answer && !failed ? <Spinner /> : answer && (
        <div className={`${css.tableWrap} ${style.scroller}`} tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
          <table className={css.table}>
            <caption id={`${id}-caption`} className={style.caption}>{t('bi.reports.caption', { title: declaration.title })}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${css.th} ${style.rowHead}`}>{declaration.rowsLabel}</th>
                {answer.columns.map((column) => (
                  <th key={column.key} scope="col" className={css.numericHead}>{column.label}{column.future && <span className={style.future}> ({t('bi.reports.future').split(':')[0]})</span>}</th>
                ))}
                <th scope="col" className={css.numericHead}>{t('bi.reports.total')}</th>
                {base && <th scope="col" className={css.numericHead}>{t('bi.reports.percent')}</th>}
              </tr>
            </thead>
            <tbody>{answer.rows.filter((row) => !row.parent).map(renderRow)}</tbody>
          </table>
        </div>
      )}
      {answer && drillRow?.drill && (columnIndex === -1 || answer.columns[columnIndex]) && (
        <Drill
          row={drillRow}
          columnLabel={columnIndex === -1 ? t('bi.reports.total') : answer.columns[columnIndex].label}
          narrow={columnIndex === -1 ? undefined : answer.columns[columnIndex].drill}
          from={columnIndex === -1 ? answer.columns[0].from : answer.columns[columnIndex].from}
          to={columnIndex === -1 ? answer.columns.at(-1)!.to : answer.columns[columnIndex].to}
          onClose={() => set({ drill: undefined })}
        />
      )}
    </section>
  );
}

function Drill({ row, columnLabel, from, to, narrow, onClose }: { row: ReportRow; columnLabel: string; from: string; to: string; narrow?: Partial<DrillKey>; onClose: () => void }) {
  const id = useId();
  const [answer, setAnswer] = useState<DrillAnswer | null>(null);
  const key = JSON.stringify([row.drill, narrow, from, to]);
  useEffect(() => {
    const controller = new AbortController();
    setAnswer(null);
    // The row's dimensions, narrowed by the column's (DRE by cost centre: the centre), over its dates.
    const query = Object.fromEntries(Object.entries({ ...row.drill, ...narrow, from, to }).filter(([, v]) => v !== undefined)) as Record<string, string>;
    void callEndpoint(drillEndpoint, { query, signal: controller.signal }).then(setAnswer).catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (
    <section className={`${ui.card} ${printable.noPrint}`} aria-labelledby={`${id}-title`}>
      <div className={css.header}>
        <h2 id={`${id}-title`} style={{ margin: 0 }}>{t('bi.drill.title', { row: row.label, column: columnLabel })}</h2>
        <button type="button" className={ui.button.secondary} onClick={onClose}>{t('bi.drill.close')}</button>
      </div>
      {!answer ? <Spinner /> : answer.count === 0 ? <p>{t('bi.drill.none')}</p> : (
        <>
          <p aria-live="polite">{t(answer.count === 1 ? 'bi.drill.summaryOne' : 'bi.drill.summary', { count: String(answer.count), total: formatMoney(answer.total) })}{answer.truncated && ` ${t('bi.drill.truncated', { shown: String(answer.rows.length) })}`}</p>
          <div className={`${css.tableWrap} ${style.scroller}`} tabIndex={0} role="region" aria-labelledby={`${id}-title`}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th scope="col" className={css.th}>{t('bi.drill.parcela')}</th>
                  <th scope="col" className={css.th}>{t('bi.drill.kind')}</th>
                  <th scope="col" className={css.th}>{t('bi.drill.dueDate')}</th>
                  <th scope="col" className={css.numericHead}>{t('bi.drill.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((parcela) => {
                  const entry = parcela.direction === 'payable' ? CATALOGUE.payableInstallments : CATALOGUE.receivableInstallments;
                  return (
                    <tr key={parcela.id}>
                      <td className={css.td}><Link href={`${entry.route.base}/${encodeURIComponent(parcela.id)}`} className={css.rowLink}>{parcela.description}</Link></td>
                      <td className={css.td}>{t(parcela.direction === 'payable' ? 'bi.drill.payable' : 'bi.drill.receivable')}</td>
                      <td className={css.td}>{formatDate(parcela.dueDate)}</td>
                      <td className={css.numericCell}>{formatMoney(parcela.amount)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
