/**
 * The owner's side of the site, opened on the lead database: his passkeys,
 * his sessions and one-time links, the record of his actions, and the mail
 * that carries a sign-in link to his address. src/services/services.ts opens it with
 * the rest; the CLI uses it for `owner-link`, `sessions` and `sign-out`.
 */
import { createMailTransport } from '../alerts/emailSender';
import { sendTimeoutMs } from '../alerts/providers';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { Db } from '../storage/database';
import { type ActivityTable, createActivityTable } from '../ownerActions/activityTable';
import { createOwnerAccess, type OwnerAccess } from './ownerAccess';
import { createOwnerLinksTable } from './linksTable';
import { createPasskeyCeremonies, type PasskeyCeremonies } from './passkeys';
import { createPasskeysTable, type PasskeysTable } from './passkeysTable';
import { createSessionsTable } from './sessionsTable';

export interface OwnerServices {
  access: OwnerAccess;
  passkeys: PasskeysTable;
  ceremonies: PasskeyCeremonies;
  activity: ActivityTable;
  close(): void;
}

export function openOwnerServices(db: Db, config: Config, logger: Logger, now: () => number): OwnerServices {
  const passkeys = createPasskeysTable(db);
  const activity = createActivityTable(db);
  const transport = config.email ? createMailTransport(config.email, sendTimeoutMs(config)) : undefined;
  const access = createOwnerAccess({
    links: createOwnerLinksTable(db),
    sessions: createSessionsTable(db),
    activity,
    publicUrl: config.publicUrl,
    sessionIdleMs: config.ownerSession.idleMs,
    sessionMaxMs: config.ownerSession.maxMs,
    mail: transport && config.email ? { transport, from: config.email.from, to: config.email.to } : undefined,
    logger,
    now,
  });
  const ceremonies = createPasskeyCeremonies({ passkeys, publicUrl: config.publicUrl, rpName: config.owner.name, now });
  return { access, passkeys, ceremonies, activity, close: () => transport?.close() };
}
