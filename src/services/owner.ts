/**
 * The owner's side, assembled on the lead database: his sign-in (passkeys, sessions, one-time links) and his
 * actions (on his leads and on his page's content) and reads, which the inbox's routes and the CLI both call. services.ts opens it beside the leads.
 */
import type { AlertQueue } from '../alerts/alertQueue';
import type { ChannelSpec } from '../alerts/channels';
import { createMailTransport } from '../alerts/emailSender';
import { attemptDeadlineMs } from '../alerts/providers';
import type { WebhookSwitch } from '../alerts/webhookSwitch';
import type { AvailabilityTable } from '../booking/availabilityTable';
import type { Bookings } from '../booking/bookingService';
import type { Config } from '../config';
import type { LeadMarking } from '../leads/leadMarking';
import type { LeadMarksTable } from '../leads/leadMarksTable';
import type { LeadService } from '../leads/leadService';
import type { LeadsTable } from '../leads/leadsTable';
import type { Logger } from '../lib/logger';
import { createAccessActions } from '../ownerActions/accessActions';
import { createActivity } from '../ownerActions/activity';
import { createActivityTable } from '../ownerActions/activityTable';
import { createBookingActions } from '../ownerActions/bookingActions';
import { createContentActions } from '../ownerActions/contentActions';
import { createImageActions } from '../ownerActions/imageActions';
import { createInboxReads } from '../ownerActions/inboxReads';
import { createLeadActions } from '../ownerActions/leadActions';
import { createLinks } from '../ownerAuth/links';
import { createOwnerLinksTable } from '../ownerAuth/linksTable';
import { createPasskeyCeremonies, type PasskeyCeremonies } from '../ownerAuth/passkeys';
import { createPasskeysTable } from '../ownerAuth/passkeysTable';
import { createSessions } from '../ownerAuth/sessions';
import { createSessionsTable } from '../ownerAuth/sessionsTable';
import type { PageViewsTable } from '../sources/pageViewsTable';
import type { Db } from '../storage/database';

export interface OwnerDeps {
  db: Db;
  config: Config;
  logger: Logger;
  now: () => number;
  leads: LeadsTable;
  marks: LeadMarksTable;
  queue: AlertQueue;
  channels: readonly ChannelSpec[];
  pageViews: PageViewsTable;
  service: Pick<LeadService, 'releaseLead'>;
  marking: LeadMarking;
  /** Booking: his availability and the calls booked. */
  booking: { availability: AvailabilityTable; bookings: Bookings };
  /** Attempts the owner's booking alerts of these leads now (an erasure waits for them); per lead, all accepted. */
  deliverBookingAlerts(leadIds: readonly number[]): Promise<boolean[]>;
  /** The webhook's on/off switch, when a webhook is configured. */
  webhook?: WebhookSwitch;
}

export type Owner = ReturnType<typeof openOwner>;

export function openOwner(deps: OwnerDeps) {
  const { db, config, logger, now } = deps;
  const { publicUrl } = config;
  const passkeys = createPasskeysTable(db);
  const activity = createActivity(createActivityTable(db), now);
  const sessions = createSessions({
    table: createSessionsTable(db),
    publicUrl,
    idleMs: config.ownerSession.idleMs,
    maxMs: config.ownerSession.maxMs,
    now,
  });
  const links = createLinks(createOwnerLinksTable(db), publicUrl, now);
  const ceremonies = createPasskeyCeremonies({ passkeys, publicUrl, rpName: config.profile.name, now });
  const transport = config.email ? createMailTransport(config.email, attemptDeadlineMs(config)) : undefined;
  const mail = transport && config.email ? { transport, from: config.email.from, to: config.email.to } : undefined;
  // Only the options: nothing is stored until a ceremony's answer verifies, through the access actions.
  const options: Pick<PasskeyCeremonies, 'registrationOptions' | 'authenticationOptions'> = ceremonies;
  const content = createContentActions({ db, activity, logger, now });
  return {
    leads: createLeadActions({ ...deps, activity, booking: deps.booking.bookings }),
    /** His availability for calls, and the calls booked. */
    booking: createBookingActions({ ...deps.booking, db, activity }),
    /** The page's content: its published revisions, the draft, history and restore, YAML export and import. */
    content,
    /** The uploaded photo and video thumbnail: the upload into the draft, the image sets the page names, the files served. */
    images: createImageActions({ db, activity, content, now }),
    access: createAccessActions({ sessions, links, passkeys, ceremonies, activity, mail, logger, now }),
    reads: createInboxReads({ ...deps, passkeys, sessions, activity }),
    /** His sessions, for the inbox's guard. */
    sessions,
    /** The one-time links (what `leads owner-link` prints and the login page e-mails). */
    links,
    ceremonies: options,
    close: () => transport?.close(),
  };
}
