/**
 * Sends the e-mail alert with nodemailer over SMTP. nodemailer's defaults
 * wait minutes on a silent server (2 min to connect, 10 min of socket
 * silence), so every timeout is set explicitly: a hung attempt must end, be
 * recorded and be retried.
 */
import nodemailer from 'nodemailer';
import type { EmailConfig } from '../config';
import { buildAlertEmail } from './emailMessage';
import type { AlertSender } from './sender';

export function createEmailSender(config: EmailConfig, timeoutMs: number): AlertSender {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  return {
    async send(lead) {
      const mail = buildAlertEmail(lead, { from: config.from, to: config.to });
      const info = await transport.sendMail(mail);
      return { providerMessageId: String(info.messageId ?? mail.messageId) };
    },
  };
}
