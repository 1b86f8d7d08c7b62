/** The alerts still owed: pending (waiting for their time or a retry) and failed, with Send again. */
import { INBOX_PATHS } from '../../contract/inbox';
import { ActionButton, InboxLayout, type InboxPageAssets } from './InboxLayout';
import { useShowTime } from './time';
import type { AlertsView } from './views';

export function AlertsPage({ view, assets }: { view: AlertsView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  const failed = view.alerts.filter((alert) => alert.status === 'failed').length;
  return (
    <InboxLayout assets={assets} title="Alerts" csrf={view.csrf} current="alerts" notice={view.notice}>
      <h1>Alerts</h1>
      <p>
        Alerts not delivered yet: pending ones are being sent or retried on their own; failed ones gave up after their
        last attempt. Reminders waiting for their time are not listed.
      </p>
      {failed > 0 && (
        <div className="owner-actions">
          <ActionButton
            action={INBOX_PATHS.alertsSendAgain}
            csrf={view.csrf}
            label={`Send ${failed} failed alert${failed === 1 ? '' : 's'} again`}
            variant="primary"
          />
        </div>
      )}
      {view.alerts.length === 0 ? (
        <p className="owner-empty">Every alert was delivered.</p>
      ) : (
        <ul className="owner-leads">
          {view.alerts.map((alert) => (
            <li key={`${alert.leadId}-${alert.channel}`} className="owner-lead">
              <a href={`${INBOX_PATHS.lead}${alert.leadId}`} className="owner-lead-link">
                <span className="owner-lead-name">{`${alert.channel}: ${alert.status}`}</span>
                <span className="owner-lead-company">{`Lead #${alert.leadId}, ${alert.leadName}`}</span>
              </a>
              <span className="owner-lead-meta">
                {alert.attempts} attempt{alert.attempts === 1 ? '' : 's'}
                {alert.nextAttemptAt && ` · next ${showTime(alert.nextAttemptAt)}`}
              </span>
              {alert.lastError && <span className="owner-error">{`Last error: ${alert.lastError}`}</span>}
            </li>
          ))}
        </ul>
      )}
    </InboxLayout>
  );
}
