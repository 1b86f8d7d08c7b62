/**
 * What the owner does to his leads, once for the inbox and the CLI alike: release a lead held back,
 * send failed alerts again (and turn the webhook back on), mark a lead, export a person's data or every
 * lead, erase a person. Each action writes its line of activity. Alerts an action queues are announced by
 * the queue to the runner of the process that runs it (the server sends them at once; the CLI when a
 * command runs it).
 */
import type { AlertQueue } from '../alerts/alertQueue';
import type { Channel, ChannelSpec } from '../alerts/channels';
import type { WebhookSwitch } from '../alerts/webhookSwitch';
import { storedAddressKey } from '../lib/addressKey';
import { iso } from '../lib/time';
import { exportColumns, toCsv } from '../leads/leadExport';
import { type LeadMarking, followUpChannels } from '../leads/leadMarking';
import type { LeadMarksTable } from '../leads/leadMarksTable';
import { channelNames, leadRecords } from '../leads/leadRecords';
import type { LeadService } from '../leads/leadService';
import type { LeadStatus } from '../leads/leadStatus';
import type { LeadsTable } from '../leads/leadsTable';
import { type Erasure, eraseByEmail, personalData } from '../leads/personalData';
import type { Db } from '../storage/database';
import type { Activity, Actor } from './activity';

export interface SentAgain {
  /** The failed alerts back in the queue, per channel. */
  requeued: Record<Channel, number>;
  /** Failed follow-ups (a reminder, the auto-reply) left as they were: their lead is no longer new. */
  leftFailed: Record<Channel, number>;
}

/** An erasure, and the person's future calls it cancelled: whether the owner's cancellation went out before. */
export type PersonErased = Erasure & { calls: { startsAt: string; ownerTold: boolean }[] };

export type Erased = { kind: 'erased'; erasure: PersonErased } | { kind: 'mismatch' } | { kind: 'no-such-lead' };

export interface LeadActionsDeps {
  db: Db;
  leads: LeadsTable;
  marks: LeadMarksTable;
  queue: AlertQueue;
  channels: readonly ChannelSpec[];
  service: Pick<LeadService, 'releaseLead'>;
  marking: LeadMarking;
  activity: Activity;
  now: () => number;
  /** Cancels a person's future calls before they are erased, queueing the owner's cancellation only. */
  booking: { cancelForErasure(leadIds: readonly number[]): { lead_id: number; starts_at: string }[] };
  /** Attempts the owner's booking alerts of these leads now; per lead, true when every one was accepted. */
  deliverBookingAlerts(leadIds: readonly number[]): Promise<boolean[]>;
  /** The webhook's on/off switch, when a webhook is configured. */
  webhook?: Pick<WebhookSwitch, 'turnOn'>;
}

const perChannel = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([channel, n]) => `${channel} ${n}`)
    .join(', ');

export function createLeadActions(deps: LeadActionsDeps) {
  const { leads, queue, channels, marking, activity, now } = deps;
  const followUps = followUpChannels(channels);
  const tables = { ...deps, channels };

  /** Failed alerts back in the queue; a follow-up only while its lead is still new. */
  const requeue = deps.db.transaction((leadId: number | undefined): SentAgain => {
    const at = iso(now());
    const requeued = queue.requeueFailed(at, leadId, followUps);
    const leftFailed: Record<Channel, number> = {};
    const count = (counts: Record<Channel, number>, channel: Channel) => (counts[channel] = (counts[channel] ?? 0) + 1);
    for (const alert of queue.failedOn(followUps, leadId)) {
      if (leads.get(alert.leadId)?.status !== 'new') count(leftFailed, alert.channel);
      else if (queue.requeueOne(at, alert.leadId, alert.channel)) count(requeued, alert.channel);
    }
    return { requeued, leftFailed };
  });

  /**
   * The person's future calls are cancelled first and the owner's cancellation attempted (its rows go with the
   * leads): his calendar drops the call, and the erasure says which calls he must remove by hand if it failed.
   */
  async function erase(actor: Actor, email: string): Promise<PersonErased> {
    const ids = leads.byEmailKey(storedAddressKey(email)).map((row) => row.id);
    const cancelled = deps.booking.cancelForErasure(ids);
    const told = await deps.deliverBookingAlerts(cancelled.map((row) => row.lead_id));
    const erasure = eraseByEmail(tables, email);
    const calls = cancelled.map((row, i) => ({ startsAt: row.starts_at, ownerTold: told[i] === true }));
    const detail = `${erasure.leads} leads, ${erasure.alerts} alerts, ${erasure.marks} marks`;
    activity.record(actor, 'erased', calls.length > 0 ? `${detail}, ${calls.length} calls cancelled` : detail);
    return { ...erasure, calls };
  }

  return {
    /** Makes the lead verified and queues the alerts it missed, once; undefined when there is no such lead. */
    release(actor: Actor, leadId: number) {
      const released = deps.service.releaseLead(leadId);
      if (!released) return undefined;
      const queued = released.added.join(', ') || 'nothing';
      activity.record(actor, 'released', `lead ${leadId}: was ${released.previous}, queued ${queued}`);
      return released;
    },
    /** The webhook on again after its endpoint answered 410 Gone; false when it was not off (nothing changed). */
    webhookOn(actor: Actor): boolean {
      const turnedOn = deps.webhook?.turnOn() ?? false;
      if (turnedOn) activity.record(actor, 'webhook-on', 'the webhook posts events again');
      return turnedOn;
    },
    /** Every failed alert (of one lead, or of all) back in the queue; undefined when there is no such lead. */
    sendAgain(actor: Actor, leadId?: number) {
      if (leadId !== undefined && !leads.get(leadId)) return undefined;
      const sent = requeue.immediate(leadId);
      const what = perChannel(sent.requeued) || 'none failed';
      activity.record(actor, 'alerts-sent-again', leadId === undefined ? what : `lead ${leadId}: ${what}`);
      return sent;
    },
    mark(actor: Actor, leadId: number, status: LeadStatus) {
      const outcome = marking.mark(leadId, status, actor.via === 'inbox' ? 'inbox' : 'cli');
      if (outcome.kind === 'marked')
        activity.record(actor, 'marked', `lead ${leadId}: ${outcome.previous} -> ${status}`);
      return outcome;
    },
    /** "Mark as contacted" from the signed link of an alert e-mail (its id: each link works once). */
    markByLink(link: string, leadId: number) {
      const outcome = marking.mark(leadId, 'contacted', { link });
      if (outcome.kind === 'marked')
        activity.record({ via: 'link' }, 'marked', `lead ${leadId}: ${outcome.previous} -> contacted`);
      return outcome;
    },
    /** Everything stored about the person with this address, or of this lead's address; undefined: no such lead. */
    exportPerson(actor: Actor, person: { email: string } | { leadId: number }): object | undefined {
      const email = 'email' in person ? person.email : leads.get(person.leadId)?.email;
      if (email === undefined) return undefined;
      const data = personalData(tables, email, new Date(now()));
      activity.record(actor, 'exported', 'leadId' in person ? `the person of lead ${person.leadId}` : 'a person');
      return data;
    },
    /** Erases the person of a lead, once the address typed to confirm is that lead's (any spelling of it). */
    async eraseLeadPerson(actor: Actor, leadId: number, typedEmail: string): Promise<Erased> {
      const lead = leads.get(leadId);
      if (!lead) return { kind: 'no-such-lead' };
      if (storedAddressKey(typedEmail.trim()) !== lead.email_key) return { kind: 'mismatch' };
      return { kind: 'erased', erasure: await erase(actor, lead.email) };
    },
    /** Erases every lead with this address (any spelling of it). */
    erasePerson: erase,
    /** Every lead stored since `since` as records, for the CSV or JSON export. */
    exportLeads(actor: Actor, since: string) {
      const records = leadRecords(leads.since(since), tables);
      activity.record(actor, 'exported', `${records.length} leads`);
      return records;
    },
    /** Every lead as the CSV `leads export` writes. */
    exportCsv(actor: Actor) {
      const csv = toCsv(leadRecords(leads.since('0000'), tables), exportColumns(channelNames(tables)));
      activity.record(actor, 'exported', 'every lead as CSV');
      return csv;
    },
  };
}
