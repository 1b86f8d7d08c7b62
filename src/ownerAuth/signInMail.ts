/** The e-mail that carries a one-time sign-in link to the owner's own address. */
import { randomBytes } from 'node:crypto';
import { escapeHtml, type MailMessage, senderDomain } from '../alerts/emailMessage';

export function signInMail(envelope: { from: string; to: string }, url: string): MailMessage {
  const intro = 'Open this link to sign in to your leads inbox. It works once, for the next 15 minutes:';
  const outro = 'If you did not ask for it, ignore this e-mail: the link only works for whoever reads this mailbox.';
  return {
    from: envelope.from,
    to: envelope.to,
    subject: 'Your sign-in link',
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">Sign in to your inbox</a></p><p>${escapeHtml(outro)}</p>`,
    messageId: `<sign-in-${randomBytes(12).toString('hex')}@${senderDomain(envelope.from)}>`,
  };
}
