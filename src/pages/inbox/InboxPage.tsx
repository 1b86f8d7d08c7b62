/**
 * The owner's leads, newest first, 50 to a page: who, from where, the verdict, his status and what is left of
 * the 24-hour promise. Filters by status and verdict and a search by name, company or e-mail, all in one GET
 * form, so the address bar keeps the view (and the back button works).
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import { LeadHeading } from './LeadHeading';
import { promiseLeft } from './time';
import type { LeadListView } from './views';

function Choice({ name, label, view }: { name: 'status' | 'verdict'; label: string; view: LeadListView }) {
  return (
    <p className="owner-field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={view.filters[name]}>
        <option value="">All</option>
        {view.choices[name].map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </p>
  );
}

export function InboxPage({ view, assets }: { view: LeadListView; assets: InboxPageAssets }) {
  const { filters } = view;
  const query = (extra: Record<string, string>) =>
    `?${new URLSearchParams(Object.entries({ ...filters, ...extra }).filter(([, v]) => v !== '')).toString()}`;
  return (
    <InboxLayout assets={assets} title="Leads" csrf={view.csrf} current="leads" notice={view.notice}>
      <h1>Leads</h1>
      <search>
        <form method="get" action={INBOX_PATHS.inbox} className="owner-filters">
          <p className="owner-field owner-field-wide">
            <label htmlFor="filter-q">Search name, company or e-mail</label>
            <input id="filter-q" name="q" type="search" defaultValue={filters.q} maxLength={100} />
          </p>
          <Choice name="status" label="Status" view={view} />
          <Choice name="verdict" label="Verdict" view={view} />
          <button type="submit" className="owner-button owner-button-primary">
            Show
          </button>
        </form>
      </search>
      {view.leads.length === 0 ? (
        <p className="owner-empty">No leads match.</p>
      ) : (
        <ol className="owner-leads">
          {view.leads.map((lead) => {
            const promise = promiseLeft(lead.createdAt, lead.status, view.now);
            return (
              <li key={lead.id} className="owner-lead">
                <LeadHeading lead={lead} after={lead.source} />
                <span className="owner-lead-tags">
                  {/* English is the rule: only a lead in another language gets a tag, which stands out. */}
                  {lead.language !== 'en' && (
                    <span className="owner-tag">
                      <span className="visually-hidden">Language: </span>
                      {lead.language}
                    </span>
                  )}
                  <span className={`owner-tag owner-tag-${lead.verdict}`}>{lead.verdict}</span>
                  <span className="owner-tag">{lead.status}</span>
                  <span className={`owner-promise owner-promise-${promise.state}`}>{promise.text}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <nav aria-label="Pages" className="owner-pages">
        {view.paged && <a href={query({})}>Newest leads</a>}
        {view.olderThan !== undefined && <a href={query({ before: String(view.olderThan) })}>Older leads</a>}
      </nav>
      <p>
        <a href={INBOX_PATHS.exportCsv} download>
          Download every lead (CSV)
        </a>
      </p>
    </InboxLayout>
  );
}
