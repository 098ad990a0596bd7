/**
 * One chart of a painel, drawn by uPlot (≈23 KB gz, the lightest and fastest measured in issue 26;
 * it loads only with the painéis' chunk). Categories on x (months, accounts, cost centres), money in
 * centavos on y (shown in reais). Colours from the Okabe–Ito palette, safe for colour-blind readers,
 * and never alone: the second bar series is hatched, every line has its own dash, the legend draws
 * the same marks beside each name, and the table of the numbers follows the chart (FigureTable).
 * The canvas is decorative for assistive technology (the table is the accessible form).
 */
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import { t } from '../../../core/i18n';
import * as css from './chart.css';

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  kind: 'bar' | 'line';
}

/** Okabe–Ito: blue, vermilion, bluish green, reddish purple. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7'];
const DASHES: number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3]];
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const reais = (centavos: number) => `R$ ${compact.format(centavos / 100)}`;

/** Marks of series `i` of its kind: the colour, the hatching of every second bar, the dash of each line. */
function marks(series: readonly ChartSeries[], i: number) {
  const ofKind = series.slice(0, i).filter((s) => s.kind === series[i].kind).length;
  const colour = COLOURS[i % COLOURS.length];
  return { colour, hatched: series[i].kind === 'bar' && ofKind % 2 === 1, dash: series[i].kind === 'line' ? DASHES[ofKind % DASHES.length] : [] };
}

function hatch(colour: string): HTMLCanvasElement {
  const tile = document.createElement('canvas');
  tile.width = tile.height = 8;
  const g = tile.getContext('2d')!;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 8, 8);
  g.strokeStyle = colour;
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(-2, 10);
  g.lineTo(10, -2);
  g.moveTo(-2, 2);
  g.lineTo(2, -2);
  g.moveTo(6, 10);
  g.lineTo(10, 6);
  g.stroke();
  return tile;
}

export function Chart({ title, labels, series, height = 260 }: { title: string; labels: readonly string[]; series: readonly ChartSeries[]; height?: number }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([labels, series]);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const bars = series.filter((s) => s.kind === 'bar').length;
    // Long names (accounts, cost centres) shortened on the axis (the table has them whole), and the room each label takes.
    const short = (label: string) => (label.length > 14 ? `${label.slice(0, 13)}…` : label);
    const slot = Math.max(44, Math.max(...labels.map((l) => short(l).length)) * 7 + 12);
    let barIndex = 0;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, labels.length - 0.5] },
        // Nothing but zeros: a scale up to R$ 1.000 rather than one of centavos.
        y: { range: (_u, min, max) => (min === max ? [Math.min(0, min), Math.max(0, max) + 100_000] : uPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true)) },
      },
      axes: [
        // Every category's label, or every second / third… when they would not fit (a phone shows 12 months).
        { stroke: '#3d4451', grid: { show: false }, ticks: { show: false }, splits: () => labels.map((_, i) => i), values: (u, splits) => splits.map((i) => (i % Math.max(1, Math.ceil((labels.length * slot) / Math.max(u.width - 90, slot))) === 0 ? short(labels[i] ?? '') : '')) },
        { stroke: '#3d4451', grid: { stroke: '#e3e6ea', width: 1 }, size: 90, values: (_u, splits) => splits.map(reais) },
      ],
      series: [
        {},
        ...series.map((s, i) => {
          const { colour, hatched, dash } = marks(series, i);
          if (s.kind === 'line') return { label: s.label, stroke: colour, width: 2, dash, points: { show: true, size: 6, fill: colour, stroke: colour } };
          const align = bars === 1 ? 0 : barIndex++ === 0 ? -1 : 1;
          const pattern = hatched ? hatch(colour) : null;
          return {
            label: s.label,
            stroke: colour,
            width: 1,
            fill: pattern ? (u: uPlot) => u.ctx.createPattern(pattern, 'repeat')! : colour,
            paths: uPlot.paths.bars!({ size: [bars === 1 ? 0.6 : 0.35, 64], align: align as 0 | 1 | -1 }),
            points: { show: false },
          };
        }),
      ],
    };
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((s) => s.values.map((v) => v))];
    const plot = new uPlot(options, data, element);
    plot.root.setAttribute('aria-hidden', 'true');
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, height]);
  return (
    <figure className={css.figure}>
      <figcaption className={css.caption}>{title}</figcaption>
      <div ref={box} className={css.plot} role="img" aria-label={t('bi.painel.chartOf', { title })} />
      <ul className={css.legend} aria-label={t('bi.painel.legend')}>
        {series.map((s, i) => {
          const { colour, hatched, dash } = marks(series, i);
          return (
            <li key={s.label} className={css.legendItem}>
              <svg width="28" height="14" aria-hidden="true">
                {s.kind === 'bar' ? (
                  <>
                    <defs>
                      <pattern id={`${id}-hatch-${i}`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <rect width="6" height="6" fill="#fff" />
                        <line x1="0" y1="0" x2="0" y2="6" stroke={colour} strokeWidth="3" />
                      </pattern>
                    </defs>
                    <rect x="2" y="1" width="24" height="12" fill={hatched ? `url(#${id}-hatch-${i})` : colour} stroke={colour} />
                  </>
                ) : (
                  <>
                    <line x1="1" y1="7" x2="27" y2="7" stroke={colour} strokeWidth="2" strokeDasharray={dash.join(' ') || undefined} />
                    <circle cx="14" cy="7" r="3" fill={colour} />
                  </>
                )}
              </svg>
              {s.label}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
