/**
 * The owner's ways in and out, once for the inbox and the CLI: sign in with a passkey or a one-time
 * link, register a passkey with a link, add or remove one while signed in, sign out one session, the
 * others, or every one, and make the links. Each writes its line of activity. Removing a passkey ends
 * every session it made or signed in, so a lost phone's sessions end with its passkey.
 */
import { describeSendError } from '../alerts/alertSender';
import type { MailTransport } from '../alerts/emailSender';
import type { Logger } from '../lib/logger';
import type { Links } from '../ownerAuth/links';
import type { PasskeyCeremonies } from '../ownerAuth/passkeys';
import type { PasskeysTable } from '../ownerAuth/passkeysTable';
import type { Session, Sessions } from '../ownerAuth/sessions';
import { signInMail } from '../ownerAuth/signInMail';
import type { Activity, Actor } from './activity';

/** At most one e-mailed sign-in link in this time, whoever asks. */
const SIGN_IN_MAIL_INTERVAL_MS = 10 * 60_000;

export type SignInMailOutcome = 'sent' | 'too-soon' | 'no-email' | 'failed';

/** A passkey ceremony's answer as the browser sent it. */
export interface CeremonyAnswer {
  ceremony: string;
  response: unknown;
}

export interface AccessActionsDeps {
  sessions: Sessions;
  links: Links;
  passkeys: PasskeysTable;
  ceremonies: PasskeyCeremonies;
  activity: Activity;
  /** The owner's mail (SMTP) with his address, when e-mail is configured. */
  mail: { transport: MailTransport; from: string; to: string } | undefined;
  logger: Logger;
  now: () => number;
}

const inbox = (device: string): Actor => ({ via: 'inbox', device });

export function createAccessActions(deps: AccessActionsDeps) {
  const { sessions, links, passkeys, ceremonies, activity, mail, logger, now } = deps;
  const signedIn = (device: string, how: string, passkeyId?: string) => {
    const id = sessions.create(device, passkeyId === undefined ? 'link' : 'passkey', passkeyId);
    activity.record(inbox(device), 'signed-in', how);
    return id;
  };

  return {
    /** A new session's id when the passkey's answer verifies. */
    async signInWithPasskey(device: string, { ceremony, response }: CeremonyAnswer) {
      const passkeyId = await ceremonies.authenticate(ceremony, response);
      return passkeyId === undefined ? undefined : signedIn(device, 'with a passkey', passkeyId);
    },
    /** A new session's id when the e-mailed link is still good (it is spent). */
    signInWithLink(device: string, token: string) {
      return links.spend(token, 'sign-in') ? signedIn(device, 'with an e-mailed link') : undefined;
    },
    linkUsable: links.usable,
    /** Registers a passkey with a one-time link and signs in with it. */
    async registerWithLink(
      device: string,
      token: string,
      { ceremony, response }: CeremonyAnswer,
      name: string,
    ): Promise<{ sessionId: string } | 'link-refused' | 'passkey-refused'> {
      if (!links.usable(token, 'register')) return 'link-refused';
      const passkeyId = await ceremonies.register(ceremony, response, name);
      if (!passkeyId) return 'passkey-refused';
      // Spent only now, so a failed ceremony leaves the link usable; a link spent meanwhile undoes the passkey.
      if (!links.spend(token, 'register')) {
        passkeys.remove(passkeyId);
        return 'link-refused';
      }
      activity.record(inbox(device), 'passkey-added', name);
      return { sessionId: signedIn(device, 'with a passkey', passkeyId) };
    },
    async addPasskey(session: Session, { ceremony, response }: CeremonyAnswer, name: string) {
      if (!(await ceremonies.register(ceremony, response, name))) return false;
      activity.record(inbox(session.device), 'passkey-added', name);
      return true;
    },
    /** Removes a passkey and ends its sessions; `signedOut`: this session was one of them, or none is left. */
    removePasskey(session: Session, passkeyId: string) {
      const passkey = passkeys.get(passkeyId);
      if (!passkey || !passkeys.remove(passkey.id)) return { removed: false, signedOut: false };
      const ended = sessions.endOfPasskey(passkey.id);
      const actor = inbox(session.device);
      activity.record(actor, 'passkey-removed', `${passkey.name}; ${ended} session${ended === 1 ? '' : 's'} ended`);
      if (passkeys.count() > 0) return { removed: true, signedOut: session.passkeyId === passkey.id };
      sessions.endAll();
      activity.record(actor, 'signed-out-everywhere', 'the last passkey was removed');
      return { removed: true, signedOut: true };
    },
    signOut(session: Session) {
      sessions.end(session.key);
      activity.record(inbox(session.device), 'signed-out');
    },
    /** Ends another session of the owner's; false when there is no such session. */
    endSession(session: Session, key: string) {
      const other = sessions.list().find((s) => s.key === key);
      if (!other || !sessions.end(key)) return false;
      activity.record(inbox(session.device), 'session-ended', `${other.device}, signed in ${other.createdAt}`);
      return true;
    },
    endOtherSessions(session: Session) {
      const ended = sessions.endAll(session.key);
      activity.record(inbox(session.device), 'signed-out-everywhere', `${ended} other sessions`);
      return ended;
    },
    /** Ends every session (`leads sign-out --all`). */
    endAllSessions(actor: Actor) {
      const ended = sessions.endAll();
      activity.record(actor, 'signed-out-everywhere', `${ended} sessions`);
      return ended;
    },
    /** A link that registers a passkey (`leads owner-link`). */
    newRegisterLink(actor: Actor) {
      const link = links.create('register');
      activity.record(actor, 'register-link-made');
      return link;
    },
    /** E-mails a sign-in link to ALERT_EMAIL_TO, at most once per SIGN_IN_MAIL_INTERVAL_MS. */
    async mailSignInLink(device: string): Promise<SignInMailOutcome> {
      if (!mail) return 'no-email';
      const newest = links.newestCreatedAt('sign-in');
      if (newest !== undefined && Date.parse(newest) + SIGN_IN_MAIL_INTERVAL_MS > now()) return 'too-soon';
      const { url } = links.create('sign-in');
      try {
        await mail.transport.send(signInMail(mail, url));
        activity.record(inbox(device), 'sign-in-link-sent');
        return 'sent';
      } catch (err) {
        logger.warn({ error: describeSendError(err) }, 'sign-in link e-mail failed');
        return 'failed';
      }
    },
  };
}
