/**
 * The owner's passkeys: each with its name, when it was made and last used, and Remove; and Create passkey for
 * this device. Removing a passkey ends the sessions it made or signed in; removing the last one ends every
 * session, so the only way back in is a new link.
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { ActionButton, InboxLayout, type InboxPageAssets } from './InboxLayout';
import { PasskeyButton } from './PasskeyButton';
import { useShowTime } from './time';
import type { PasskeysView } from './views';

export function PasskeysPage({ view, assets }: { view: PasskeysView; assets: InboxPageAssets }) {
  const showTime = useShowTime();
  return (
    <InboxLayout
      assets={assets}
      title="Passkeys"
      csrf={view.csrf}
      current="passkeys"
      notice={view.notice}
      withPasskeyScript
    >
      <h1>Passkeys</h1>
      {view.passkeys.length === 0 ? (
        <p className="owner-empty">No passkey is registered.</p>
      ) : (
        <ul className="owner-leads">
          {view.passkeys.map((passkey) => (
            <li key={passkey.id} className="owner-lead">
              <span className="owner-lead-name">{passkey.name}</span>
              <span className="owner-lead-meta">
                Added {showTime(passkey.createdAt)} · last used{' '}
                {passkey.lastUsedAt ? showTime(passkey.lastUsedAt) : 'never'}
              </span>
              <ActionButton
                action={`${INBOX_PATHS.passkeys}/${passkey.id}/remove`}
                csrf={view.csrf}
                label={`Remove ${passkey.name}`}
                variant="danger"
              />
            </li>
          ))}
        </ul>
      )}
      <section className="owner-card" aria-labelledby="add-passkey">
        <h2 id="add-passkey">Add a passkey on this device</h2>
        <PasskeyButton
          ceremony="register"
          label="Create passkey"
          optionsUrl={INBOX_PATHS.passkeyOptions}
          verifyUrl={INBOX_PATHS.passkeys}
          csrf={view.csrf}
          withName
        />
      </section>
    </InboxLayout>
  );
}
