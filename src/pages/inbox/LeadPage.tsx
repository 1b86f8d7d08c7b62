/**
 * Everything stored about one lead: its fields, where it came from, why it was graded so, each alert per
 * channel, the history of the owner's marks, and the buttons that mark it.
 */
import { ActionButton, InboxLayout, type InboxPageAssets } from './InboxLayout';
import { LeadCall } from './LeadCall';
import { promiseLeft, useShowTime } from './time';
import { CSRF_FIELD, INBOX_PATHS, LEAD_ACTIONS, leadActionPath } from '../../contract/inbox';
import { languageLabel, languageOfTag, LANGUAGE_NAMES } from '../../contract/languages';
import { mailtoHref } from '../mailto';
import { replyByEmailHref } from './replyByEmail';
import type { LeadDetailView } from './views';

const RESENT = 'the lead was sent again on the other channels.';

const MARKS = [
  ['contacted', 'Mark contacted'],
  ['won', 'Mark won'],
  ['lost', 'Mark lost'],
  ['new', 'Mark new'],
] as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function LeadPage({ view, assets }: { view: LeadDetailView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  const { lead, csrf } = view;
  const promise = promiseLeft(
    lead.createdAt,
    lead.status,
    view.now,
    view.call !== undefined && view.call.status !== 'cancelled',
  );
  return (
    <InboxLayout assets={assets} title={`Lead #${lead.id}`} csrf={csrf} current="leads" notice={view.notice}>
      <p>
        <a href={INBOX_PATHS.inbox}>All leads</a>
      </p>
      <h1>{lead.name}</h1>
      <section className="owner-card" aria-label="Status">
        <p>
          Status: <strong>{lead.status}</strong> ·{' '}
          <span className={`owner-promise owner-promise-${promise.state}`}>{promise.text}</span>
        </p>
        <p className="owner-actions owner-reply">
          <a className="owner-button owner-button-link" href={replyByEmailHref(lead)}>
            Reply by e-mail
          </a>
          {lead.language !== 'en' && ` Subject and greeting in ${LANGUAGE_NAMES[languageOfTag(lead.language)]}.`}
        </p>
        <div className="owner-actions">
          {MARKS.map(([status, label]) => (
            <ActionButton
              key={status}
              action={leadActionPath(lead.id, LEAD_ACTIONS.mark)}
              csrf={csrf}
              label={label}
              fields={{ status }}
              variant={status === 'contacted' ? 'primary' : 'plain'}
              disabled={lead.status === status}
            />
          ))}
        </div>
      </section>
      {view.call && <LeadCall leadId={lead.id} call={view.call} csrf={csrf} />}
      {view.releasable && (
        <section className="owner-card" aria-labelledby="lead-release">
          <h2 id="lead-release">{`Held back as ${lead.verdict}`}</h2>
          <p>Release it if it is a real lead: it becomes verified and gets the alerts it missed, once.</p>
          <ActionButton
            action={leadActionPath(lead.id, LEAD_ACTIONS.release)}
            csrf={csrf}
            label="Release this lead"
            variant="primary"
          />
        </section>
      )}
      <section className="owner-card" aria-labelledby="lead-fields">
        <h2 id="lead-fields">The lead</h2>
        <dl className="owner-fields">
          <Row label="Name">{lead.name}</Row>
          <Row label="Company">{lead.company}</Row>
          <Row label="E-mail">
            <a href={mailtoHref(lead.email)}>{lead.email}</a>
          </Row>
          <Row label="Language">{languageLabel(lead.language)}</Row>
          <Row label="Received">
            <time dateTime={lead.createdAt}>{showTime(lead.createdAt)}</time>
          </Row>
          <Row label="Verdict">
            {lead.verdict}
            {lead.verdictReasons !== '' && ` (${lead.verdictReasons})`}
          </Row>
          <Row label="Source">{lead.source}</Row>
          {lead.utm.map(([name, value]) => (
            <Row key={name} label={name}>
              {value}
            </Row>
          ))}
          {lead.referrer && <Row label="Referrer">{lead.referrer}</Row>}
          <Row label="Browser">{lead.userAgent ?? 'not recorded'}</Row>
        </dl>
      </section>
      <section className="owner-card" aria-labelledby="lead-alerts">
        <h2 id="lead-alerts">Alerts</h2>
        {view.alerts.length === 0 ? (
          <p>No alerts were planned for this lead.</p>
        ) : (
          <ul className="owner-list">
            {view.alerts.map((alert) => (
              <li key={alert.channel}>
                <strong>{alert.channel}</strong>
                {`: ${alert.status}, ${alert.attempts} attempt${alert.attempts === 1 ? '' : 's'}`}
                {alert.sentAt && `, sent ${showTime(alert.sentAt)}`}
                {alert.delivery?.state === 'delivered' && ', delivered'}
                {alert.delivery && alert.delivery.state !== 'delivered' && (
                  <span className="owner-error">
                    {` Not delivered (${alert.delivery.error ? `error ${alert.delivery.error}` : alert.delivery.state}): ${RESENT}`}
                  </span>
                )}
                {alert.lastError && <span className="owner-error">{` Last error: ${alert.lastError}`}</span>}
              </li>
            ))}
          </ul>
        )}
        {view.alerts.some((alert) => alert.status === 'failed') && (
          <div className="owner-actions">
            <ActionButton
              action={leadActionPath(lead.id, LEAD_ACTIONS.sendAgain)}
              csrf={csrf}
              label="Send failed alerts again"
            />
          </div>
        )}
      </section>
      <section className="owner-card" aria-labelledby="lead-marks">
        <h2 id="lead-marks">History</h2>
        <ul className="owner-list">
          <li>
            Received <time dateTime={lead.createdAt}>{showTime(lead.createdAt)}</time>
          </li>
          {view.marks.map((mark) => (
            <li key={`${mark.markedAt}-${mark.status}`}>
              Marked {mark.status} <time dateTime={mark.markedAt}>{showTime(mark.markedAt)}</time> (from the{' '}
              {mark.via === 'link' ? 'e-mail link' : mark.via === 'cli' ? 'command line' : 'inbox'})
            </li>
          ))}
        </ul>
      </section>
      <section className="owner-card" aria-labelledby="lead-privacy">
        <h2 id="lead-privacy">This person's data</h2>
        <p>
          <a href={leadActionPath(lead.id, LEAD_ACTIONS.data)} download>
            Download everything stored about {lead.email}
          </a>
        </p>
        <form method="post" action={leadActionPath(lead.id, LEAD_ACTIONS.erase)} className="owner-erase">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <p className="owner-field">
            <label htmlFor="erase-email">To erase this person for good, type their e-mail address</label>
            <input
              id="erase-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              defaultValue={view.erase?.typed}
              aria-invalid={view.erase ? true : undefined}
              aria-describedby={view.erase ? 'erase-error' : undefined}
            />
            {view.erase && (
              <span id="erase-error" className="owner-field-error" role="alert">
                {view.erase.error}
              </span>
            )}
          </p>
          <button type="submit" className="owner-button owner-button-danger">
            Erase this person
          </button>
        </form>
      </section>
    </InboxLayout>
  );
}
