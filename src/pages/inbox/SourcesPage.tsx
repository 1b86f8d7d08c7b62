/**
 * Where leads come from, for the last 7, 30 or 90 days: the same figures as `leads report` (views, leads by
 * verdict, conversion, median time to the first mark), as a chart and as a table per source, then per language.
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { languageLabel } from '../../contract/languages';
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import { SourcesChart } from './SourcesChart';
import { SOURCE_PERIODS, type SourceFigures, type SourcesView } from './views';

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
const hours = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} h`);
const FIGURES = ['Views', 'Verified', 'Unverified', 'Spam', 'Conversion', 'Reply'];

function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        {[first, ...FIGURES].map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Cells({ figures }: { figures: SourceFigures }) {
  return (
    <>
      <td>{figures.views}</td>
      <td>{figures.leads.verified}</td>
      <td>{figures.leads.unverified}</td>
      <td>{figures.leads.spam}</td>
      <td>{percent(figures.conversion)}</td>
      <td>{hours(figures.medianReplyHours)}</td>
    </>
  );
}

export function SourcesPage({ view, assets }: { view: SourcesView; assets: InboxPageAssets }) {
  return (
    <InboxLayout assets={assets} title="Sources" csrf={view.csrf} current="sources">
      <h1>Sources</h1>
      <nav aria-label="Period" className="owner-pages">
        {SOURCE_PERIODS.map((days) => (
          <a
            key={days}
            href={`${INBOX_PATHS.sources}?days=${days}`}
            aria-current={days === view.days ? 'page' : undefined}
          >
            {days} days
          </a>
        ))}
      </nav>
      <p>
        {view.from} to {view.to}. Conversion: verified and unverified leads per view. Reply: median time from arrival to
        your first mark.
      </p>
      <SourcesChart view={view} />
      {/* A wide table scrolls sideways on a phone: the region is focusable, so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="owner-table-wrap" aria-labelledby="sources-table-caption" tabIndex={0}>
        <table className="owner-table">
          <caption id="sources-table-caption">Views, leads and reply times per source, last {view.days} days</caption>
          <Head first="Source" />
          <tbody>
            {view.sources.map((s) => (
              <tr key={s.source}>
                <th scope="row">{s.source}</th>
                <Cells figures={s} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <Cells figures={view.total} />
            </tr>
          </tfoot>
        </table>
      </section>
      {view.languages.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section className="owner-table-wrap" aria-labelledby="languages-table-caption" tabIndex={0}>
          <table className="owner-table">
            <caption id="languages-table-caption">
              Views, leads and reply times per language (of the page viewed, of the form), last {view.days} days
            </caption>
            <Head first="Language" />
            <tbody>
              {view.languages.map((l) => (
                <tr key={l.language}>
                  <th scope="row">{languageLabel(l.language)}</th>
                  <Cells figures={l} />
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </InboxLayout>
  );
}
