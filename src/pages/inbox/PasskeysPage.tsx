/**
 * The owner's passkeys: each with its name, when it was made and last used,
 * and Remove; and Create passkey for this device. Removing the last one ends
 * every session, so the only way back in is a new link.
 */
import { OWNER_PATHS } from '../../contract/inbox';
import { ActionButton, OwnerLayout, type OwnerPageAssets } from './InboxLayout';
import { PasskeyButton } from './PasskeyButton';
import { shortTime } from './time';
import type { PasskeysView } from './views';

export function PasskeysPage({ view, assets }: { view: PasskeysView; assets: OwnerPageAssets }) {
  return (
    <OwnerLayout
      assets={assets}
      title="Passkeys"
      csrf={view.csrf}
      current="passkeys"
      notice={view.notice}
      withPasskeyScript
    >
      <h1>Passkeys</h1>
      {view.welcome && (
        <p className="owner-card">
          You are signed in with an e-mailed link. Create a passkey on this device to sign in without e-mail next time.
        </p>
      )}
      {view.passkeys.length === 0 ? (
        <p className="owner-empty">No passkey is registered.</p>
      ) : (
        <ul className="owner-leads">
          {view.passkeys.map((passkey) => (
            <li key={passkey.id} className="owner-lead">
              <span className="owner-lead-name">{passkey.name}</span>
              <span className="owner-lead-meta">
                Added {shortTime(passkey.createdAt)} · last used{' '}
                {passkey.lastUsedAt ? shortTime(passkey.lastUsedAt) : 'never'}
              </span>
              <ActionButton
                action={`${OWNER_PATHS.passkeys}/${passkey.id}/remove`}
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
          optionsUrl={OWNER_PATHS.passkeyOptions}
          verifyUrl={OWNER_PATHS.passkeys}
          csrf={view.csrf}
          withName
        />
      </section>
    </OwnerLayout>
  );
}
