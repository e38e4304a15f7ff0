import { useEffect, useId, useRef, useState } from 'react';
import { cx } from './cx';
import { useT } from '@/i18n';

export interface BarDatum {
  /** Stable key (e.g. the week's date). */
  key: string;
  /** Axis label ("Nov 16"). */
  label: string;
  /** Full label for the data table and tooltips ("Week of Nov 16, 2026"). */
  longLabel?: string;
  value: number;
}

export interface BarChartProps {
  data: BarDatum[];
  /** What the chart shows; the SVG's accessible name starts with it. */
  title: string;
  /** A one-sentence reading of the data, appended to the accessible name. */
  summary?: string;
  /** Header cells of the visually-hidden table. */
  columns?: [string, string];
  /** Format a value for labels (locale-aware numbers). */
  format?: (value: number) => string;
  height?: number;
  className?: string;
}

const PAD = { top: 16, right: 8, bottom: 28, left: 32 };

/** Rounded-up axis maximum with 3–5 whole ticks. */
function ticksFor(max: number): number[] {
  if (max <= 0) return [0, 1];
  const step = max <= 5 ? 1 : 10 ** Math.floor(Math.log10(max)) * (max / 10 ** Math.floor(Math.log10(max)) > 5 ? 2 : 1);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return ticks;
}

/**
 * A bar chart drawn as SVG at the width of its container. Screen readers get role="img" with a
 * name that states the figures, and the same data as a visually-hidden table.
 */
export function BarChart({ data, title, summary, columns: columnsProp, format = String, height = 220, className }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const translate = useT();
  const columns = columnsProp ?? [translate('app.chart.period'), translate('app.chart.value')];
  const id = useId().replace(/[^\w-]/g, '');

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.round(el.getBoundingClientRect().width)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const max = Math.max(0, ...data.map((d) => d.value));
  const ticks = ticksFor(max);
  const top = ticks[ticks.length - 1];
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = data.length ? plotW / data.length : plotW;
  const barW = Math.max(4, Math.min(40, slot * 0.6));
  const y = (v: number) => PAD.top + plotH - (top ? (v / top) * plotH : 0);
  // On narrow screens, label every second or third bar.
  const every = slot < 34 ? 3 : slot < 52 ? 2 : 1;
  const label = `${title}${summary ? `. ${summary}` : ''}`;

  return (
    <div className={cx('w-full', className)}>
      <div ref={box} className="w-full">
        <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="block max-w-full overflow-visible" data-chart="bar">
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the drawing inside the labelled role="img" holds nothing focusable */}
          <g aria-hidden="true">
            {ticks.map((t) => (
              <g key={t}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(t)}
                  y2={y(t)}
                  className={t === 0 ? 'stroke-slate-300 dark:stroke-slate-600' : 'stroke-slate-200 dark:stroke-slate-700/70'}
                  strokeDasharray={t === 0 ? undefined : '3 4'}
                />
                <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px] tabular-nums dark:fill-slate-400">
                  {format(t)}
                </text>
              </g>
            ))}
            {data.map((d, i) => {
              const cx0 = PAD.left + slot * i + slot / 2;
              const h = Math.max(0, y(0) - y(d.value));
              return (
                <g key={d.key} data-value={d.value}>
                  <title>{`${d.longLabel ?? d.label}: ${format(d.value)}`}</title>
                  {/* Whole-slot hit area for the tooltip. */}
                  <rect x={PAD.left + slot * i} y={PAD.top} width={slot} height={plotH} fill="transparent" />
                  <rect
                    x={cx0 - barW / 2}
                    y={y(d.value)}
                    width={barW}
                    height={h}
                    rx={Math.min(4, barW / 4)}
                    className={i === data.length - 1 ? 'fill-brand-500 dark:fill-brand-300' : 'fill-brand-400 dark:fill-brand-400'}
                  />
                  {d.value > 0 && barW >= 14 ? (
                    <text x={cx0} y={y(d.value) - 5} textAnchor="middle" className="fill-slate-700 text-[11px] font-medium tabular-nums dark:fill-slate-200">
                      {format(d.value)}
                    </text>
                  ) : null}
                  {(data.length - 1 - i) % every === 0 ? (
                    <text x={cx0} y={height - 8} textAnchor="middle" className="fill-slate-500 text-[11px] dark:fill-slate-400">
                      {d.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
      </div>
      {/* sr-only on a wrapper: a table ignores the 1px width and would overflow the page. */}
      <div className="sr-only">
        <table id={`chart-data-${id}`}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.key}>
                <th scope="row">{d.longLabel ?? d.label}</th>
                <td>{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default BarChart;
