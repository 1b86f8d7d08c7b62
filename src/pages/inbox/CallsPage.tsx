/** The booked calls not over yet, soonest first: when (in his time zone), and with whom. */
import { INBOX_PATHS } from '../../contract/inbox';
import { languageLabel } from '../../contract/languages';
import type { CallsView } from './bookingViews';
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import { useShowTime } from './time';

/** A call's length in minutes, from its stored start and end. */
export const callMinutes = (startsAt: string, endsAt: string): number =>
  Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000);

export function CallsPage({ view, assets }: { view: CallsView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  return (
    <InboxLayout assets={assets} title="Upcoming calls" csrf={view.csrf} current="calls" notice={view.notice}>
      <h1>Upcoming calls</h1>
      {view.calls.length === 0 ? (
        <p className="owner-empty">No calls booked.</p>
      ) : (
        <ol className="owner-leads">
          {view.calls.map((call) => (
            <li key={call.leadId} className="owner-lead">
              <span className="owner-lead-meta">
                <time dateTime={call.startsAt}>{showTime(call.startsAt)}</time>
                {`, ${callMinutes(call.startsAt, call.endsAt)} min`}
              </span>
              <a className="owner-lead-name" href={`${INBOX_PATHS.lead}${call.leadId}`}>
                {call.name}
              </a>
              <span className="owner-lead-company">{call.company}</span>
              <span className="owner-lead-meta">{languageLabel(call.language)}</span>
            </li>
          ))}
        </ol>
      )}
      <p>
        <a href={INBOX_PATHS.booking}>Your availability</a>
      </p>
    </InboxLayout>
  );
}
