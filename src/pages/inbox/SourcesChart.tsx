/**
 * Leads per source as a bar chart drawn on the server, no script: a row a source (its name, a bar stacking its
 * verified, unverified and spam leads, its total), then a legend. Words and figures are HTML text, at the table's
 * size at every window width (an SVG with a viewBox scales its text with its width). Only the bars and the keys
 * are SVG: rects whose x and width are percentages of the longest bar, attributes the CSP (style-src 'self')
 * allows where a style attribute would be refused. For screen readers the chart is one image with a title and a
 * text equivalent; the table beside it holds every figure.
 */
import type { SourceFigures, SourcesView } from './views';

const MAX_ROWS = 12;
const PARTS = [
  ['verified', 'owner-chart-verified'],
  ['unverified', 'owner-chart-unverified'],
  ['spam', 'owner-chart-spam'],
] as const;

type Leads = SourceFigures['leads'];
const totalOf = (leads: Leads) => leads.verified + leads.unverified + leads.spam;
const percent = (value: number) => `${Number(value.toFixed(3))}%`;

function Bar({ leads, most }: { leads: Leads; most: number }) {
  let x = 0;
  return (
    <svg className="owner-chart-bar" aria-hidden="true" focusable="false">
      {PARTS.map(([part, className]) => {
        const width = (leads[part] / most) * 100;
        const rect = <rect key={part} x={percent(x)} width={percent(width)} height="100%" className={className} />;
        x += width;
        return leads[part] > 0 ? rect : null;
      })}
    </svg>
  );
}

export function SourcesChart({ view }: { view: SourcesView }) {
  const rows = view.sources.slice(0, MAX_ROWS);
  const most = Math.max(1, ...rows.map((s) => totalOf(s.leads)));
  const summary = rows
    .map((s) => `${s.source}: ${s.leads.verified} verified, ${s.leads.unverified} unverified, ${s.leads.spam} spam`)
    .join('; ');
  return (
    <div className="owner-chart" role="img" aria-labelledby="sources-chart-title" aria-describedby="sources-chart-desc">
      <p id="sources-chart-title" className="owner-chart-title">{`Leads per source, last ${view.days} days`}</p>
      <p id="sources-chart-desc" className="visually-hidden">
        {summary || 'No leads in this period.'}
      </p>
      {rows.length === 0 ? (
        <p className="owner-empty">No leads in this period.</p>
      ) : (
        <ul className="owner-chart-rows">
          {rows.map((s) => (
            <li key={s.source} className="owner-chart-row">
              <span className="owner-chart-label">{s.source}</span>
              <Bar leads={s.leads} most={most} />
              <span className="owner-chart-total">{totalOf(s.leads)}</span>
            </li>
          ))}
        </ul>
      )}
      <ul className="owner-chart-legend">
        {PARTS.map(([part, className]) => (
          <li key={part}>
            <svg className="owner-chart-key" aria-hidden="true" focusable="false">
              <rect width="100%" height="100%" className={className} />
            </svg>
            {part}
          </li>
        ))}
      </ul>
    </div>
  );
}
