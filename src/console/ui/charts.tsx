// Charts drawn as SVG by the console itself (no library, nothing fetched). Each has a caption, is one image
// to a screen reader (role="img" with a label), and comes with its figures as a table behind a
// "Show as table" disclosure, which the keyboard reaches and a screen reader reads as a table. Heights are
// proportional to the amounts' magnitude; the exact figures are the API's decimal strings, shown as text.
import type { ComponentChildren } from 'preact';
import { t } from '../i18n';

export interface Bar {
  label: string;
  /** An exact decimal string. */
  value: string;
  /** The value as the reader sees it (formatted money). */
  shown: string;
}

// Drawing only: an amount's size on screen; the figures shown are never computed from it.
const size = (value: string) => Math.abs(Number(value)) || 0;

function Chart(props: {
  id: string;
  title: string;
  head: string[];
  rows: string[][];
  children: ComponentChildren;
}) {
  return (
    <figure class="chart" aria-labelledby={`${props.id}-caption`}>
      <figcaption id={`${props.id}-caption`}>{props.title}</figcaption>
      {props.children}
      <details class="chart-table">
        <summary class="chart-toggle">{t('Show as table')}</summary>
        <table class="list">
          <caption class="visually-hidden">{props.title}</caption>
          <thead>
            <tr>
              {props.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row[0]}>
                <th scope="row">{row[0]}</th>
                {row.slice(1).map((cell, i) => (
                  <td key={`${row[0]}-${i}`} class="num">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * Vertical bars, one per label (revenue per month); a negative month is drawn below the axis. The labels
 * are text under the picture, not in it: the picture shrinks to the phone's width (640 units into 330 px)
 * and its own text with it, to 6 px; on a narrow screen every other label of a long row is left out, the last (this month) kept.
 */
export function BarChart(props: { id: string; title: string; valueHead: string; bars: Bar[] }) {
  const width = 640;
  const height = 180;
  const top = 12;
  const bottom = 4;
  const max = Math.max(1, ...props.bars.map((b) => size(b.value)));
  const negative = props.bars.some((b) => b.value.startsWith('-'));
  const axis = negative ? top + (height - top - bottom) / 2 : height - bottom;
  const scale = (negative ? (height - top - bottom) / 2 : height - top - bottom) / max;
  const step = width / Math.max(1, props.bars.length);
  const summary = props.bars.map((b) => `${b.label}: ${b.shown}`).join('; ');
  return (
    <Chart
      id={props.id}
      title={props.title}
      head={[t('Month'), props.valueHead]}
      rows={props.bars.map((b) => [b.label, b.shown])}
    >
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${props.title}: ${summary}`}>
        <line class="axis" x1="0" x2={width} y1={axis} y2={axis} />
        {props.bars.map((b, i) => {
          const h = size(b.value) * scale;
          const below = b.value.startsWith('-');
          return (
            <rect
              key={b.label}
              class={below ? 'bar negative' : 'bar'}
              x={i * step + step * 0.15}
              width={step * 0.7}
              y={below ? axis : axis - h}
              height={Math.max(h, 0)}
            >
              <title>{`${b.label}: ${b.shown}`}</title>
            </rect>
          );
        })}
      </svg>
      <div
        class={props.bars.length > 6 ? 'ticks many' : 'ticks'}
        aria-hidden="true"
        style={{ gridTemplateColumns: `repeat(${Math.max(1, props.bars.length)}, minmax(0, 1fr))` }}
      >
        {props.bars.map((b) => (
          <span key={b.label} class="tick">
            {b.label}
          </span>
        ))}
      </div>
    </Chart>
  );
}

export interface Segment extends Bar {
  /** The colour class: b0..b4. */
  tone: string;
}

/** The bar's segments as SVG rectangles over a track, each with its figure on hover. */
function Segments(props: {
  title: string;
  segments: Segment[];
  width: number;
  height: number;
  /** Lines after the segments in the image's name (credits taken off, the total). */
  after?: Bar[];
}) {
  const { width, height } = props;
  const total = props.segments.reduce((sum, s) => sum + size(s.value), 0);
  const summary = [...props.segments, ...(props.after ?? [])].map((s) => `${s.label}: ${s.shown}`).join('; ');
  let x = 0;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${props.title}: ${summary}`}>
      <rect class="track" x="0" y="4" width={width} height={height - 8} />
      {total > 0
        ? props.segments.map((s) => {
            const w = (size(s.value) / total) * width;
            const at = x;
            x += w;
            return (
              <rect key={s.label} class={`segment ${s.tone}`} x={at} y="4" width={w} height={height - 8}>
                <title>{`${s.label}: ${s.shown}`}</title>
              </rect>
            );
          })
        : null}
    </svg>
  );
}

/**
 * One horizontal bar split into segments (the ageing of receivables), with a legend. `less` are amounts
 * taken off the segments that have no place in the bar (a customer's credits), said as their own lines in
 * the legend, the image's name and the table, followed there by the `total` the lines add up to.
 */
export function StackedBar(props: {
  id: string;
  title: string;
  valueHead: string;
  segments: Segment[];
  less?: Bar[];
  total?: Bar;
}) {
  const less = props.less ?? [];
  const after = less.length > 0 && props.total ? [...less, props.total] : less;
  return (
    <Chart
      id={props.id}
      title={props.title}
      head={[t('Days past due'), props.valueHead]}
      rows={[...props.segments, ...after].map((s) => [s.label, s.shown])}
    >
      <Segments title={props.title} segments={props.segments} width={640} height={36} after={after} />
      <Legend segments={props.segments} after={less} />
    </Chart>
  );
}

function Legend({ segments, after = [] }: { segments: Segment[]; after?: Bar[] }) {
  return (
    <ul class="legend">
      {segments.map((s) => (
        <li key={s.label}>
          <span class={`swatch ${s.tone}`} aria-hidden="true" />
          {s.label}: {s.shown}
        </li>
      ))}
      {after.map((s) => (
        <li key={s.label} class="legend-less">
          {s.label}: {s.shown}
        </li>
      ))}
    </ul>
  );
}

/**
 * The same bar small, for a table cell (the office overview's clients): one image to a screen reader named
 * with its figures, no legend (the page shows one legend for all rows: `AgeingLegend`).
 */
export function MiniStackedBar(props: { title: string; segments: Segment[] }) {
  return (
    <span class="chart mini-bar">
      <Segments title={props.title} segments={props.segments} width={160} height={20} />
    </span>
  );
}

/** The colours of the small bars, said once above their table. */
export function AgeingLegend({ labels }: { labels: { label: string; tone: string }[] }) {
  return (
    <ul class="legend chart">
      {labels.map((s) => (
        <li key={s.label}>
          <span class={`swatch ${s.tone}`} aria-hidden="true" />
          {s.label}
        </li>
      ))}
    </ul>
  );
}
