/**
 * Leads per source as a bar chart drawn on the server: SVG, no script. Each
 * bar stacks the verified, unverified and spam leads of one source; the
 * chart has a title and a text equivalent for screen readers, and the table
 * beside it holds every figure.
 */
import type { SourcesView } from './views';

const WIDTH = 360;
const ROW = 30;
const LABEL = 112;
const MAX_ROWS = 12;
const PARTS = [
  ['verified', 'owner-chart-verified'],
  ['unverified', 'owner-chart-unverified'],
  ['spam', 'owner-chart-spam'],
] as const;

export function SourcesChart({ view }: { view: SourcesView }) {
  const rows = view.sources.slice(0, MAX_ROWS);
  const most = Math.max(1, ...rows.map((s) => s.leads.verified + s.leads.unverified + s.leads.spam));
  const scale = (WIDTH - LABEL - 30) / most;
  const height = rows.length * ROW + 40;
  const summary = rows
    .map((s) => `${s.source}: ${s.leads.verified} verified, ${s.leads.unverified} unverified, ${s.leads.spam} spam`)
    .join('; ');
  return (
    <svg
      className="owner-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby="sources-chart-title sources-chart-desc"
    >
      <title id="sources-chart-title">{`Leads per source, last ${view.days} days`}</title>
      <desc id="sources-chart-desc">{summary || 'No leads in this period.'}</desc>
      {rows.map((s, i) => {
        let x = LABEL;
        const y = i * ROW + 4;
        const total = s.leads.verified + s.leads.unverified + s.leads.spam;
        return (
          <g key={s.source}>
            <text x={LABEL - 6} y={y + 15} textAnchor="end" className="owner-chart-label">
              {s.source.length > 15 ? `${s.source.slice(0, 14)}…` : s.source}
            </text>
            {PARTS.map(([part, className]) => {
              const width = s.leads[part] * scale;
              const rect = <rect key={part} x={x} y={y} width={width} height={20} className={className} />;
              x += width;
              return rect;
            })}
            <text x={x + 4} y={y + 15} className="owner-chart-label">
              {total}
            </text>
          </g>
        );
      })}
      {PARTS.map(([part, className], i) => (
        <g key={part}>
          <rect x={i * 110} y={height - 26} width={14} height={14} className={className} />
          <text x={i * 110 + 18} y={height - 14} className="owner-chart-label">
            {part}
          </text>
        </g>
      ))}
    </svg>
  );
}
