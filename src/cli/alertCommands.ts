/**
 * The commands about alert delivery: status, retry, and test-alerts (proves
 * the configured providers accept a message, after a deployment).
 */
import { describeSendError } from '../alerts/sender';
import { createMailTransport } from '../alerts/emailSender';
import { sendTimeoutMs } from '../alerts/senders';
import { createSmsTransport } from '../alerts/smsSender';
import { testEmail, testSmsText } from '../alerts/testMessages';
import { toTable } from './formatLeads';
import { alertStatusCounts, undeliveredLeads } from './leadReports';
import { CommandError, parsePositiveInt } from './cliArgs';
import type { Command } from './command';
import { retryFailedAlerts } from './retryFailedAlerts';

export const status: Command = {
  run({ pipeline, print }) {
    const { leads, queue } = pipeline();
    print(toTable(alertStatusCounts(queue), ['channel', 'status', 'count']));
    const open = undeliveredLeads(leads, queue);
    if (open.length === 0) return;
    print(`\nLeads with an alert pending or failed:\n`);
    print(toTable(open, ['id', 'created_at', 'sms_status', 'sms_attempts', 'sms_last_error', 'email_status', 'email_attempts', 'email_last_error'], 40));
  },
};

export const retry: Command = {
  async run({ options, pipeline, print }) {
    const report = await retryFailedAlerts(pipeline(true), new Date(), parsePositiveInt('--id', options.id));
    const perChannel = (counts: Record<string, number>) => Object.entries(counts).map(([ch, n]) => `${ch} ${n}`).join(', ');
    print(`requeued: ${perChannel(report.requeued)}\n`);
    print(`sent now: ${perChannel(report.sent)}\n`);
    print(`still pending or failed: ${perChannel(report.stillUndelivered)}\n`);
    if (report.notConfigured.length > 0) print(`not configured here (alerts stay queued): ${report.notConfigured.join(', ')}\n`);
  },
};

/** Sends one test SMS and one test e-mail to the owner; stores nothing. Exit 0 only when every configured channel accepted. */
export const testAlerts: Command = {
  async run({ config, print }) {
    const timeout = sendTimeoutMs(config);
    const attempts: [string, Promise<{ providerMessageId: string }> | undefined][] = [
      ['sms', config.sms ? createSmsTransport(config.sms, timeout).send(testSmsText(config.publicUrl)) : undefined],
    ];
    const mail = config.email ? createMailTransport(config.email, timeout) : undefined;
    const { email } = config;
    attempts.push(['email', email && mail ? mail.send(testEmail({ from: email.from, to: email.to, publicUrl: config.publicUrl, sentAt: new Date() })) : undefined]);
    const failed: string[] = [];
    try {
      for (const [channel, attempt] of attempts) {
        if (!attempt) {
          print(`${channel}: not configured (see .env.example)\n`);
          continue;
        }
        try {
          const { providerMessageId } = await attempt;
          print(`${channel}: accepted, message id ${providerMessageId}\n`);
        } catch (err) {
          failed.push(channel);
          print(`${channel}: FAILED: ${describeSendError(err)}\n`);
        }
      }
    } finally {
      mail?.close();
    }
    if (attempts.every(([, attempt]) => !attempt)) throw new CommandError('No alert channel is configured: nothing was tested.');
    if (failed.length > 0) throw new CommandError(`The provider did not accept: ${failed.join(', ')}.`);
  },
};
