/**
 * The lead's call on its page: when it is (or was, cancelled), and the button that cancels a booked one until its
 * time comes; a call of the same person booked from another of their leads, linked to that lead.
 */
import { INBOX_PATHS, LEAD_ACTIONS, leadActionPath } from '../../contract/inbox';
import { callMinutes } from './CallsPage';
import { ActionButton } from './InboxLayout';
import { useShowTime } from './time';
import type { LeadCallView } from './views';

const BY = { owner: 'by you', lead: 'by the lead', erasure: 'as the person was erased' } as const;

export function LeadCall({ leadId, call, csrf }: { leadId: number; call: LeadCallView; csrf: string }) {
  const showTime = useShowTime();
  const when = (
    <>
      <time dateTime={call.startsAt}>{showTime(call.startsAt)}</time>
      {`, ${callMinutes(call.startsAt, call.endsAt)} min`}
    </>
  );
  return (
    <section className="owner-card" aria-labelledby="lead-call">
      <h2 id="lead-call">Call</h2>
      {call.status === 'elsewhere' ? (
        <p>
          Booked on <a href={`${INBOX_PATHS.lead}${call.leadId}`}>{`lead #${call.leadId}`}</a> of the same person:{' '}
          {when}
        </p>
      ) : call.status === 'booked' && call.begun ? (
        <p>Booked: {when}. Its time has come, so it can no longer be cancelled.</p>
      ) : call.status === 'booked' ? (
        <>
          <p>Booked: {when}</p>
          <div className="owner-actions">
            <ActionButton
              action={leadActionPath(leadId, LEAD_ACTIONS.cancelCall)}
              csrf={csrf}
              label="Cancel the call"
              variant="danger"
            />
          </div>
        </>
      ) : (
        <p>
          Cancelled <time dateTime={call.cancelledAt}>{showTime(call.cancelledAt)}</time> {BY[call.by]} (it was for{' '}
          {when})
        </p>
      )}
    </section>
  );
}
