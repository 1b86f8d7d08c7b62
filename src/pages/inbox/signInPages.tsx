/**
 * The pages before sign-in: the login page (a passkey, or a one-time link e-mailed to the owner's own address),
 * the page a registration link opens (Create passkey), the page an e-mailed link opens (a button, so a mail
 * scanner that opens links signs nobody in), and the refusal of a link that is used, expired or wrong.
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { InboxLayout, type InboxPageAssets } from './InboxLayout';
import { PasskeyButton } from './PasskeyButton';
import type { SignInView } from './views';

export const LINK_REFUSED =
  'This link cannot be used: it was used already, it has expired (links work for 15 minutes), or a newer link replaced it.';

export function SignInPage({ view, assets }: { view: SignInView; assets: InboxPageAssets }) {
  if (view.kind === 'login')
    return (
      <InboxLayout assets={assets} title="Sign in" notice={view.notice} withPasskeyScript>
        <section className="owner-card" aria-labelledby="sign-in-title">
          <h1 id="sign-in-title">Sign in to your leads</h1>
          <p>Use the passkey on your phone or computer: your fingerprint, face or screen lock.</p>
          <PasskeyButton
            ceremony="sign-in"
            label="Sign in with passkey"
            optionsUrl={INBOX_PATHS.loginOptions}
            verifyUrl={
              view.next && view.next !== INBOX_PATHS.inbox
                ? `${INBOX_PATHS.login}?next=${encodeURIComponent(view.next)}`
                : INBOX_PATHS.login
            }
          />
        </section>
        <section className="owner-card" aria-labelledby="email-link-title">
          <h2 id="email-link-title">No passkey on this device?</h2>
          <p>We can e-mail a one-time sign-in link to the owner's address. It works once, for 15 minutes.</p>
          <form method="post" action={INBOX_PATHS.emailLink}>
            <button type="submit" className="owner-button owner-button-plain">
              E-mail me a sign-in link
            </button>
          </form>
        </section>
      </InboxLayout>
    );
  if (view.kind === 'register')
    return (
      <InboxLayout assets={assets} title="Create a passkey" withPasskeyScript>
        <section className="owner-card" aria-labelledby="register-title">
          <h1 id="register-title">Create a passkey for your inbox</h1>
          <p>
            Your phone or computer keeps the passkey and unlocks it with your fingerprint, face or screen lock. No
            password.
          </p>
          <PasskeyButton
            ceremony="register"
            label="Create passkey"
            optionsUrl={`${INBOX_PATHS.register}${view.token}/options`}
            verifyUrl={`${INBOX_PATHS.register}${view.token}`}
            withName
          />
        </section>
      </InboxLayout>
    );
  if (view.kind === 'sign-in-link')
    return (
      <InboxLayout assets={assets} title="Sign in">
        <section className="owner-card" aria-labelledby="link-title">
          <h1 id="link-title">Sign in with this link</h1>
          <p>The link works once. After signing in you can create a passkey on this device.</p>
          <form method="post" action={`${INBOX_PATHS.signInLink}${view.token}`}>
            <button type="submit" className="owner-button owner-button-primary">
              Sign in
            </button>
          </form>
        </section>
      </InboxLayout>
    );
  return (
    <InboxLayout assets={assets} title="Link not valid">
      <section className="owner-card" aria-labelledby="refused-title">
        <h1 id="refused-title">This link cannot be used</h1>
        <p>{LINK_REFUSED}</p>
        <p>
          <a href={INBOX_PATHS.login}>Go to the sign-in page</a>
        </p>
      </section>
    </InboxLayout>
  );
}
