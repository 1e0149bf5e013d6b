/**
 * The overview's chart: one bar a day, drawn as plain SVG. A chart library (G2 and its renderer,
 * what @ant-design/plots brings) would weigh several times this whole console for a few bars; this
 * is a handful of rects, and it loads only under /admin with the overview page.
 *
 * Accessible as an image with its summary (role="img", aria-label), each bar with its own title
 * (the browser's tooltip), and the figures themselves in a table for screen readers. The bars
 * stretch with the page (the SVG's width is the container's), so it fits a 375 px phone; the day
 * labels are HTML below it, not stretched text.
 */
import type { CSSProperties } from 'react';

export interface DayValue {
  day: string;
  value: number;
}

const HEIGHT = 160;
const hidden: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };
/** MM-DD of a YYYY-MM-DD day. */
const short = (day: string) => day.slice(5);

export default function DayChart({ label, data, format = String }: { label: string; data: DayValue[]; format?: (value: number) => string }) {
  const max = Math.max(0, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const peak = data.find((d) => d.value === max);
  const summary = data.length
    ? `${label}：${data[0].day} 至 ${data[data.length - 1].day} 共 ${format(total)}${max > 0 && peak ? `，最高 ${short(peak.day)} ${format(max)}` : ''}`
    : `${label}：没有数据`;
  const step = 10;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={summary}
        width="100%"
        height={HEIGHT}
        viewBox={`0 0 ${data.length * step} ${HEIGHT}`}
        preserveAspectRatio="none"
        style={{ display: 'block', background: '#fafafa' }}
      >
        {data.map((d, i) => {
          const height = max > 0 ? Math.max(d.value > 0 ? 2 : 0, (d.value / max) * (HEIGHT - 8)) : 0;
          return (
            <rect key={d.day} data-day={d.day} x={i * step + 1.5} y={HEIGHT - height} width={step - 3} height={height} fill="#1677ff">
              <title>{`${d.day}：${format(d.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>
        <span>{data.length ? short(data[0].day) : ''}</span>
        <span>{max > 0 ? `最高 ${format(max)}` : ''}</span>
        <span>{data.length ? short(data[data.length - 1].day) : ''}</span>
      </figcaption>
      <table style={hidden}>
        <caption>{label}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
