/**
 * The button that runs a passkey ceremony. The script (client/owner-passkey.ts) reads where to ask for options
 * and where to send the answer from its data attributes, and writes progress and errors into the status line
 * below it. Without JavaScript the button cannot work, and a note says so.
 */
import { PASSKEY_NAME_MAX } from '../../contract/inbox';

interface Props {
  ceremony: 'register' | 'sign-in';
  label: string;
  optionsUrl: string;
  verifyUrl: string;
  /** The session's form token, when signed in (adding a passkey). */
  csrf?: string;
  /** Ask for a name for the new passkey. */
  withName?: boolean;
}

export function PasskeyButton({ ceremony, label, optionsUrl, verifyUrl, csrf, withName }: Props) {
  return (
    <div className="owner-passkey">
      {withName && (
        <p className="owner-field">
          <label htmlFor="passkey-name">Name of this device</label>
          <input id="passkey-name" name="name" type="text" maxLength={PASSKEY_NAME_MAX} placeholder="My phone" />
        </p>
      )}
      <button
        type="button"
        className="owner-button owner-button-primary"
        data-passkey={ceremony}
        data-options={optionsUrl}
        data-verify={verifyUrl}
        data-csrf={csrf}
        data-status="passkey-status"
      >
        {label}
      </button>
      <p id="passkey-status" className="owner-status" role="status" aria-live="polite" />
      <noscript>
        <p className="owner-status">Passkeys need JavaScript: turn it on for this site.</p>
      </noscript>
    </div>
  );
}
