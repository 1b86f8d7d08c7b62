/**
 * The commands about alert delivery: status, retry, test-alerts (proves each configured channel reaches the owner,
 * after a deployment) and webhook-on.
 */
import { describeSendError } from '../alerts/alertSender';
import { createTxtLookup, checkMailDomain } from '../alerts/mailDomainCheck';
import { withinDeadline } from '../alerts/deadline';
import { attemptDeadlineMs, closeProviders, openProviders } from '../alerts/providers';
import { testEmail, testSmsText } from '../alerts/testMessages';
import { testInstantMessage } from '../alerts/instantMessage';
import type { Config } from '../config';
import { alertStatusCounts, channelNames, undeliveredLeads } from '../leads/leadRecords';
import { toTable } from './formatLeads';
import { CLI } from '../ownerActions/activity';
import { CommandError, parsePositiveInt } from './cliArgs';
import type { Command } from './command';
import { countWhere, runDueAlerts } from './runAlerts';

/** What receivers will make of the alert e-mail's From domain: one warning per line, nothing when all is well. */
async function mailDomainWarnings(config: Config): Promise<string[]> {
  if (!config.email) return [];
  const findings = await checkMailDomain(config.email.from, createTxtLookup(config.dnsServers));
  return findings.map((finding) => `Warning: alert e-mail may land in junk: ${finding}`);
}

export const status: Command = {
  async run({ config, services, print, note }) {
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
    const reports = opened.queue.countsByDelivery();
    if (reports.length > 0) {
      print('\nWhat Twilio reported of the SMS it accepted:\n');
      print(toTable(reports, ['channel', 'delivery', 'error', 'count']));
      if (reports.some((r) => r.delivery !== 'delivered'))
        print(
          'An SMS not delivered was followed by the lead again on the other channels; ' +
            '"leads export" names the leads (sms_delivery, sms_delivery_error).\n',
        );
    }
    const off = opened.webhook?.offSince();
    if (off)
      print(
        `\nThe webhook is off: its endpoint answered 410 Gone at ${off.at}. Fix the endpoint, then ` +
          '"npm run leads -- webhook-on", and "npm run leads -- retry" to post what it missed.\n',
      );
    for (const warning of await mailDomainWarnings(config)) note(warning);
    const open = undeliveredLeads(opened.leads, opened);
    if (open.length === 0) return;
    // The channels that have something to act on among these leads, each with its status, attempts and error.
    const acting = channels.filter((ch) =>
      open.some((lead) => lead[`${ch}_status`] === 'pending' || lead[`${ch}_status`] === 'failed'),
    );
    const alertColumns = acting.flatMap((ch) => [`${ch}_status`, `${ch}_attempts`, `${ch}_last_error`]);
    print(`\nLeads with an alert pending or failed:\n`);
    print(toTable(open, ['id', 'created_at', ...alertColumns], 40));
  },
};

/**
 * `retry [--id N]`: the owner's "send again" (every failed alert back in the queue, but a follow-up of a
 * lead no longer new), then the runner in this process until each due alert has had its attempt.
 */
export const retry: Command = {
  async run({ options, services, print }) {
    const opened = services(true);
    const leadId = parsePositiveInt('--id', options.id);
    const again = opened.owner.leads.sendAgain(CLI, leadId);
    if (!again) throw new CommandError(`No lead with id ${leadId}.`);
    const sentBefore = countWhere(opened, ['sent']);
    const { notConfigured } = await runDueAlerts(opened);
    const sentAfter = countWhere(opened, ['sent']);
    const perChannel = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([ch, n]) => `${ch} ${n}`)
        .join(', ');
    print(`requeued: ${perChannel({ ...countWhere(opened, []), ...again.requeued })}\n`);
    if (Object.keys(again.leftFailed).length > 0)
      print(`left failed (their lead is no longer new): ${perChannel(again.leftFailed)}\n`);
    const sent = Object.fromEntries(
      Object.keys(sentAfter).map((ch) => [ch, (sentAfter[ch] ?? 0) - (sentBefore[ch] ?? 0)]),
    );
    print(`sent now: ${perChannel(sent)}\n`);
    print(`still pending or failed: ${perChannel(countWhere(opened, ['pending', 'failed']))}\n`);
    if (notConfigured.length > 0) print(`not configured here (alerts stay queued): ${notConfigured.join(', ')}\n`);
  },
};

/**
 * Sends one test on every configured channel (the webhook's event type is `test`); stores nothing.
 * Exit 0 only when every configured channel accepted; each one that did not is named.
 */
export const testAlerts: Command = {
  async run({ config, print, note }) {
    const providers = openProviders(config);
    const now = new Date();
    const { sms, mail, telegram, ntfy, webhook } = providers;
    type Attempt = (signal: AbortSignal) => Promise<{ providerMessageId: string }>;
    const email = mail && testEmail({ from: mail.from, to: mail.to, publicUrl: config.publicUrl, sentAt: now });
    const attempts: [string, Attempt | undefined][] = [
      ['sms', sms && (() => sms.send(testSmsText(config.publicUrl)))],
      ['email', mail && email && (() => mail.transport.send(email))],
      ['telegram', telegram && ((signal) => telegram.send(testInstantMessage('Telegram', config.publicUrl), signal))],
      ['ntfy', ntfy && ((signal) => ntfy.send(testInstantMessage('ntfy', config.publicUrl), signal))],
      [
        'webhook',
        webhook &&
          ((signal) =>
            webhook.post({
              type: 'test',
              id: `msg_test_${now.getTime()}`,
              data: { message: `Test event from ${config.publicUrl}` },
              happenedAt: now,
              signal,
            })),
      ],
    ];
    const failed: string[] = [];
    try {
      // All at once, each settled before any is read: a rejection waiting its turn is not left unhandled.
      const deadline = attemptDeadlineMs(config);
      const outcomes = await Promise.allSettled(attempts.map(([, send]) => send && withinDeadline(deadline, send)));
      for (const [i, [channel, send]] of attempts.entries()) {
        const outcome = outcomes[i] as PromiseSettledResult<{ providerMessageId: string } | undefined>;
        if (!send) {
          print(`${channel}: not configured (see .env.example)\n`);
        } else if (outcome.status === 'fulfilled') {
          const id = outcome.value?.providerMessageId;
          print(`${channel}: accepted${id ? `, message id ${id}` : ''}\n`);
        } else {
          failed.push(channel);
          print(`${channel}: FAILED: ${describeSendError(outcome.reason)}\n`);
        }
      }
    } finally {
      closeProviders(providers);
    }
    for (const warning of await mailDomainWarnings(config)) note(warning);
    if (attempts.every(([, send]) => !send))
      throw new CommandError('No alert channel is configured: nothing was tested.');
    if (failed.length > 0) throw new CommandError(`These channels did not accept the test: ${failed.join(', ')}.`);
  },
};

/** Turns the webhook back on after its endpoint answered 410 Gone. */
export const webhookOn: Command = {
  run({ config, services, print }) {
    if (!config.webhook) throw new CommandError('No webhook is configured here: set WEBHOOK_URL and WEBHOOK_SECRET.');
    if (services().owner.leads.webhookOn(CLI))
      print('The webhook is on again. "npm run leads -- retry" posts the leads it missed.\n');
    else print('The webhook was not off: nothing changed.\n');
  },
};
