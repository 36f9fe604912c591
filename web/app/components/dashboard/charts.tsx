import type { ReactNode } from 'react';
import { focusRing } from '../ui';

/*
 * Server-rendered SVG charts (issue 17 item 7): plain SVG drawn from a linear scale, no client JavaScript.
 * Every chart sits in a <figure> with a <figcaption>; the SVG is one image (role="img") whose aria-label
 * says what it shows, and the same numbers are in a real <table> under it (ChartFigure). The SVG scales to
 * its container through its viewBox (width 100%), so it fits a 320 px screen.
 */

/** The width of every chart's coordinate system; the height varies. */
export const VIEW_WIDTH = 400;
const FOOT = 22; // room for the x labels
const TOP = 12;

/** Maps 0…max onto 0…size (max 0 draws nothing rather than dividing by zero). */
export function linearScale(max: number, size: number): (value: number) => number {
  return (value) => (max > 0 ? (Math.max(0, value) / max) * size : 0);
}

/** A round upper end for an axis: 7 → 8, 61.49 → 80, 1050 → 1200 (1, 2, 2.5, 4, 5, 6, 8 × 10^n). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((s) => s * power >= value) ?? 10;
  return Number((step * power).toPrecision(12));
}

/** Room on the left for the y-axis labels: about 6 units per character of the longest, at least 24. */
export function axisWidth(labels: readonly string[]): number {
  return Math.max(24, 6 * Math.max(0, ...labels.map((l) => l.length)) + 6);
}

/** Which x labels to print: all up to 8, else every second/third… so they do not overlap. */
function labelEvery(count: number): number {
  return Math.max(1, Math.ceil(count / 8));
}

export interface Series {
  name: string;
  values: number[];
  /** Tailwind fill class, e.g. `fill-ember-600`. */
  fill: string;
}

/**
 * Vertical bars, one group per category (side by side, or `stacked`). `categories` are the x labels;
 * `format` writes the axis maximum.
 */
export function ColumnChart({
  label,
  categories,
  series,
  stacked = false,
  format = String,
  height = 200,
}: {
  label: string;
  categories: string[];
  series: Series[];
  stacked?: boolean;
  format?: (value: number) => string;
  height?: number;
}) {
  const plotHeight = height - TOP - FOOT;
  const totals = categories.map((_, i) =>
    stacked
      ? series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)
      : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const max = niceMax(Math.max(0, ...totals));
  const left = axisWidth([format(max), format(0)]);
  const plotWidth = VIEW_WIDTH - left - 4;
  const y = linearScale(max, plotHeight);
  const band = plotWidth / Math.max(1, categories.length);
  const gap = Math.min(8, band * 0.2);
  const barWidth = stacked ? band - gap : (band - gap) / Math.max(1, series.length);
  const every = labelEvery(categories.length);
  const baseline = TOP + plotHeight;
  return (
    <svg
      viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      className="mx-auto block h-auto w-full max-w-2xl"
    >
      <Axis max={max} format={format} plotHeight={plotHeight} left={left} />
      {categories.map((category, i) => {
        const x0 = left + i * band + gap / 2;
        let stackTop = baseline;
        return (
          <g key={`${category}-${i}`} data-category={category}>
            {series.map((s, k) => {
              const h = y(s.values[i] ?? 0);
              const x = stacked ? x0 : x0 + k * barWidth;
              const top = stacked ? stackTop - h : baseline - h;
              if (stacked) stackTop -= h;
              return (
                <rect
                  key={s.name}
                  data-series={s.name}
                  data-value={s.values[i] ?? 0}
                  x={round(x)}
                  y={round(top)}
                  width={round(Math.max(1, barWidth - (stacked ? 0 : 1)))}
                  height={round(h)}
                  className={s.fill}
                />
              );
            })}
            {i % every === 0 ? (
              <text
                x={round(x0 + (band - gap) / 2)}
                y={height - 6}
                textAnchor="middle"
                fontSize="10"
                className="fill-cocoa-800"
              >
                {category}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** A line through the points that have a value (null = no point: a gap, not a zero), with dots. */
export function LineChart({
  label,
  categories,
  values,
  min,
  max,
  height = 180,
  format = String,
}: {
  label: string;
  categories: string[];
  values: Array<number | null>;
  min: number;
  max: number;
  height?: number;
  format?: (value: number) => string;
}) {
  const plotHeight = height - TOP - FOOT;
  const left = axisWidth([format(max), format(min)]);
  const plotWidth = VIEW_WIDTH - left - 4;
  const step = plotWidth / Math.max(1, categories.length);
  const x = (i: number) => left + step * i + step / 2;
  const y = (v: number) => TOP + plotHeight - linearScale(max - min, plotHeight)(v - min);
  const every = labelEvery(categories.length);
  const segments: string[] = [];
  let current: string[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (current.length) segments.push(current.join(' '));
      current = [];
    } else current.push(`${current.length ? 'L' : 'M'}${round(x(i))} ${round(y(v))}`);
  });
  if (current.length) segments.push(current.join(' '));
  return (
    <svg
      viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      className="mx-auto block h-auto w-full max-w-2xl"
    >
      <Axis max={max} min={min} format={format} plotHeight={plotHeight} left={left} />
      {segments.map((d) => (
        <path key={d} d={d} fill="none" strokeWidth="2" className="stroke-ember-700" />
      ))}
      {values.map((v, i) =>
        v === null ? null : (
          <circle
            key={categories[i]}
            data-value={v}
            cx={round(x(i))}
            cy={round(y(v))}
            r="3.5"
            className="fill-ember-700"
          />
        ),
      )}
      {categories.map((c, i) =>
        i % every === 0 ? (
          <text
            key={c}
            x={round(x(i))}
            y={height - 6}
            textAnchor="middle"
            fontSize="10"
            className="fill-cocoa-800"
          >
            {c}
          </text>
        ) : null,
      )}
    </svg>
  );
}

/** Horizontal bars, one row each, the label above the bar and the value after it. */
export function BarList({
  label,
  bars,
}: {
  label: string;
  bars: Array<{ label: string; value: number; text: string }>;
}) {
  const row = 34;
  const height = Math.max(row, bars.length * row);
  const max = Math.max(0, ...bars.map((b) => b.value));
  const x = linearScale(max, VIEW_WIDTH - 110);
  return (
    <svg
      viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={label}
      className="mx-auto block h-auto w-full max-w-2xl"
    >
      {bars.map((b, i) => (
        <g key={`${b.label}-${i}`}>
          <text x="0" y={i * row + 11} fontSize="11" className="fill-cocoa-900">
            {b.label}
          </text>
          <rect
            data-value={b.value}
            x="0"
            y={i * row + 15}
            width={round(Math.max(1, x(b.value)))}
            height="14"
            className="fill-ember-600"
          />
          <text x={round(x(b.value) + 6)} y={i * row + 26} fontSize="11" className="fill-cocoa-900">
            {b.text}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** One bar split into parts in proportion (pickup vs delivery), each part named under it with its share. */
export function ShareBar({
  label,
  parts,
}: {
  label: string;
  parts: Array<{ label: string; value: number; fill: string }>;
}) {
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  const x = linearScale(total, VIEW_WIDTH);
  let left = 0;
  return (
    <svg
      viewBox={`0 0 ${VIEW_WIDTH} 56`}
      width="100%"
      role="img"
      aria-label={label}
      className="mx-auto block h-auto w-full max-w-2xl"
    >
      {parts.map((p) => {
        const w = x(p.value);
        const at = left;
        left += w;
        return (
          <g key={p.label}>
            <rect data-value={p.value} x={round(at)} y="0" width={round(w)} height="24" className={p.fill} />
          </g>
        );
      })}
      {parts.map((p, i) => (
        <text
          key={p.label}
          x={i === 0 ? 0 : VIEW_WIDTH}
          y="44"
          textAnchor={i === 0 ? 'start' : 'end'}
          fontSize="12"
          className="fill-cocoa-900"
        >
          {`${p.label} ${percent(total > 0 ? p.value / total : 0)}`}
        </text>
      ))}
    </svg>
  );
}

function Axis({
  max,
  min = 0,
  format,
  plotHeight,
  left,
}: {
  max: number;
  min?: number;
  format: (value: number) => string;
  plotHeight: number;
  left: number;
}) {
  return (
    <g>
      <line
        x1={left}
        x2={VIEW_WIDTH}
        y1={TOP + plotHeight}
        y2={TOP + plotHeight}
        className="stroke-cocoa-500"
      />
      <line
        x1={left}
        x2={VIEW_WIDTH}
        y1={TOP}
        y2={TOP}
        strokeDasharray="3 3"
        className="stroke-cocoa-500/40"
      />
      <text x={left - 4} y={TOP + 4} textAnchor="end" fontSize="10" className="fill-cocoa-800">
        {format(max)}
      </text>
      <text x={left - 4} y={TOP + plotHeight} textAnchor="end" fontSize="10" className="fill-cocoa-800">
        {format(min)}
      </text>
    </g>
  );
}

/** 0.3333 → "33%". */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A table of a chart's numbers (the first column names the row). */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse bg-white text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th
                key={h}
                scope="col"
                className="border-b border-cocoa-500/40 px-2 py-1 text-left font-semibold"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <th
                    key={j}
                    scope="row"
                    className="border-b border-cocoa-500/20 px-2 py-1 text-left font-normal"
                  >
                    {c}
                  </th>
                ) : (
                  <td key={j} className="border-b border-cocoa-500/20 px-2 py-1">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart with its caption and its table: the chart, or the empty sentence when there is nothing to draw,
 * then the numbers in a <details> ("Show the numbers"), which opens without JavaScript.
 */
export function ChartFigure({
  id,
  caption,
  empty,
  chart,
  table,
}: {
  id: string;
  caption: string;
  /** When set, shown instead of the chart and the table ("No sales yet."). */
  empty?: string | null;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <figure
      id={id}
      aria-labelledby={`${id}-caption`}
      className="mt-8 rounded-3xl bg-white p-4 shadow-card sm:p-6"
    >
      <figcaption id={`${id}-caption`} className="mb-3 font-display text-xl font-semibold text-cocoa-900">
        {caption}
      </figcaption>
      {empty ? (
        <p className="text-cocoa-700">{empty}</p>
      ) : (
        <>
          {chart}
          <details className="mt-3">
            <summary
              className={`cursor-pointer rounded-sm text-sm font-semibold text-ember-700 ${focusRing}`}
            >
              Show the numbers
            </summary>
            <div className="mt-2">{table}</div>
          </details>
        </>
      )}
    </figure>
  );
}
