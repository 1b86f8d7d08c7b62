/**
 * Sends the e-mail alert with nodemailer over SMTP. nodemailer's defaults
 * wait minutes on a silent server (2 min to connect, 10 min of socket
 * silence), so every timeout is set explicitly: a hung attempt must end, be
 * recorded and be retried. The transport is pooled and loaded on first use: see below.
 */
import type { EmailConfig } from '../config';
import { buildAlertEmail } from './emailMessage';
import { loadOnce } from './loadOnce';
import type { AlertSender } from './sender';

export function createEmailSender(config: EmailConfig, timeoutMs: number): AlertSender {
  // nodemailer is loaded on first use (or by warm(), just after the server listens): importing it
  // took 30-90 ms of the start-up, before the server could answer anything.
  const transport = loadOnce(() =>
    import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: config.smtpUrl,
        // Pooled: connections are reused instead of one TCP connection, greeting, EHLO and AUTH
        // per alert. Measured under the lead benchmark, connecting per message took about half of
        // the server's CPU (and the SMTP server's). At most 5 connections; an attempt may wait for a
        // free one (that wait is not bounded by the timeouts below, which apply per connection; the
        // dispatcher never starts a second attempt of an alert while the first is under way).
        pool: true,
        maxConnections: 5,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      }),
    ),
  );
  return {
    warm: async () => void (await transport.get()),
    async send(lead) {
      const mail = buildAlertEmail(lead, { from: config.from, to: config.to });
      const info = await (await transport.get()).sendMail(mail);
      return { providerMessageId: String(info.messageId ?? mail.messageId) };
    },
    close: () => void transport.started()?.then((t) => t.close(), () => undefined),
  };
}
