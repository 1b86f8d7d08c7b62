/**
 * What `leads test-alerts` sends to the owner after a deployment: a short SMS
 * and an e-mail that say they are tests, so nobody mistakes them for a lead.
 */
import { type EmailEnvelope, senderDomain, type MailMessage } from './emailMessage';

export function testSmsText(publicUrl: string): string {
  return `Test alert from ${publicUrl}: SMS alerts work. No lead is involved.`;
}

type TestEmailOptions = EmailEnvelope & { publicUrl: string; sentAt: Date };

export function testEmail({ from, to, publicUrl, sentAt }: TestEmailOptions): MailMessage {
  const text = `This is a test alert from ${publicUrl}, sent by "leads test-alerts" at ${sentAt.toISOString()}.\nE-mail alerts work. No lead is involved.\n`;
  return {
    from,
    to,
    subject: 'Test alert: e-mail alerts work',
    text,
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n/g, '<br>')}</p></body></html>`,
    messageId: `<test-${sentAt.getTime()}@${senderDomain(from)}>`,
  };
}
