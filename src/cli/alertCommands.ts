/**
 * The commands about alert delivery: status, retry, and test-alerts (proves
 * the configured providers accept a message, after a deployment).
 */
import { describeSendError } from '../alerts/alertSender';
import { createMailTransport } from '../alerts/emailSender';
import { sendTimeoutMs } from '../alerts/channels';
import { createSmsTransport } from '../alerts/smsSender';
import { testEmail, testSmsText } from '../alerts/testMessages';
import { toTable } from './formatLeads';
import { alertStatusCounts, channelNames, undeliveredLeads } from '../leads/leadRecords';
import { CommandError, parsePositiveInt } from './cliArgs';
import type { Command } from './command';
import { retryFailedAlerts } from './alertDelivery';

export const status: Command = {
  run({ services, print }) {
    const opened = services();
    const channels = channelNames(opened);
    const counts = alertStatusCounts(opened.queue, channels);
    print(toTable(counts, ['channel', 'status', 'count']));
    const held = counts.filter((row) => row.status === 'held').reduce((sum, row) => sum + row.count, 0);
    if (held > 0)
      print(
        `\n${held} auto-replies were held back by the site-wide cap (LEAD_AUTO_REPLY_MAX_PER_HOUR, ` +
          'LEAD_AUTO_REPLY_MAX_PER_DAY) and will not be sent.\n',
      );
    const open = undeliveredLeads(opened.leads, opened);
    if (open.length === 0) return;
    // The channels that have something to act on among these leads, each with its status, attempts and error.
    const acting = channels.filter((ch) =>
      open.some((lead) => lead[`${ch}_status`] === 'pending' || lead[`${ch}_status`] === 'failed'),
    );
    print(`\nLeads with an alert pending or failed:\n`);
    print(
      toTable(
        open,
        ['id', 'created_at', ...acting.flatMap((ch) => [`${ch}_status`, `${ch}_attempts`, `${ch}_last_error`])],
        40,
      ),
    );
  },
};

export const retry: Command = {
  async run({ options, services, print }) {
    const report = await retryFailedAlerts(services(true), new Date(), parsePositiveInt('--id', options.id));
    const perChannel = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([ch, n]) => `${ch} ${n}`)
        .join(', ');
    print(`requeued: ${perChannel(report.requeued)}\n`);
    if (Object.keys(report.leftFailed).length > 0)
      print(`left failed (their lead is no longer new): ${perChannel(report.leftFailed)}\n`);
    print(`sent now: ${perChannel(report.sent)}\n`);
    print(`still pending or failed: ${perChannel(report.stillUndelivered)}\n`);
    if (report.notConfigured.length > 0)
      print(`not configured here (alerts stay queued): ${report.notConfigured.join(', ')}\n`);
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
    attempts.push([
      'email',
      email && mail
        ? mail.send(testEmail({ from: email.from, to: email.to, publicUrl: config.publicUrl, sentAt: new Date() }))
        : undefined,
    ]);
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
    if (attempts.every(([, attempt]) => !attempt))
      throw new CommandError('No alert channel is configured: nothing was tested.');
    if (failed.length > 0) throw new CommandError(`The provider did not accept: ${failed.join(', ')}.`);
  },
};
