/**
 * E-mail through nodemailer over SMTP. nodemailer's defaults wait minutes on a silent server (2 min to connect, 10
 * min of socket silence), so every timeout is set explicitly: a hung attempt must end, be recorded and be retried.
 * One pooled transport, loaded on first use, serves every e-mail channel (the lead alert, the auto-reply, the
 * reminder, the test message).
 */
import { isLoopbackHost, type EmailConfig } from '../config';
import { buildAlertEmail, type MailMessage } from './emailMessage';
import { loadOnce } from '../lib/loadOnce';
import type { AlertLead, AlertSender } from './alertSender';

/**
 * smtp:// must upgrade with STARTTLS before anything else is sent: a server (or a man in the
 * middle) that offers no STARTTLS would otherwise receive the password (AUTH PLAIN) and every lead
 * in clear. The exceptions: a server on this machine, where nothing crosses a network, and an
 * explicit SMTP_ALLOW_PLAINTEXT=true. smtps:// is TLS from the first byte anyway.
 */
export function requiresStartTls(config: Pick<EmailConfig, 'smtpUrl' | 'allowPlaintext'>): boolean {
  const url = new URL(config.smtpUrl);
  return url.protocol === 'smtp:' && !config.allowPlaintext && !isLoopbackHost(url.hostname);
}

export type MailTransport = ReturnType<typeof createMailTransport>;

export function createMailTransport(config: EmailConfig, timeoutMs: number) {
  // nodemailer is loaded on first use (or by warm(), just after the server listens): importing it
  // at start-up delayed the server's first answer (decision 006).
  const transport = loadOnce(() =>
    import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: config.smtpUrl,
        requireTLS: requiresStartTls(config),
        // Pooled: connections are reused instead of one TCP connection, greeting, EHLO and AUTH
        // per alert: connecting per message was one of the two costs a lead burst stalled on, for the
        // server and the SMTP server alike (docs/performance.md). At most 5 connections; an attempt may wait for a
        // free one (that wait is not bounded by the timeouts below, which apply per connection; the
        // runner never starts a second attempt of an alert while the first is under way).
        pool: true,
        maxConnections: 5,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      }),
    ),
  );
  let closed = false;
  return {
    warm: async () => void (await transport.get()),
    /** Sends one message; resolves with its Message-ID once the SMTP server accepted it. */
    async send(mail: MailMessage): Promise<{ providerMessageId: string }> {
      const info = await (await transport.get()).sendMail(mail).catch((err: unknown) => {
        if ((err as { code?: unknown }).code !== 'ETLS') throw err;
        throw Object.assign(
          new Error(
            `the SMTP server did not accept STARTTLS, so nothing was sent (no password, no lead): ${(err as Error).message}`,
          ),
          { code: 'ETLS' },
        );
      });
      return { providerMessageId: String(info.messageId ?? mail.messageId) };
    },
    close() {
      if (closed) return;
      closed = true;
      void transport.started()?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}

/** An alert channel that sends what `messageOf` writes about the lead. */
export function mailSenderFor(transport: MailTransport, messageOf: (lead: AlertLead) => MailMessage): AlertSender {
  return {
    warm: () => transport.warm(),
    send: (lead) => transport.send(messageOf(lead)),
    close: () => transport.close(),
  };
}

/** The new-lead e-mail alert on a transport of its own. */
export function createEmailSender(config: EmailConfig, timeoutMs: number): AlertSender {
  return mailSenderFor(createMailTransport(config, timeoutMs), (lead) =>
    buildAlertEmail(lead, { from: config.from, to: config.to }),
  );
}
