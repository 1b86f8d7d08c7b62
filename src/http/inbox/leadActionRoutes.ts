/**
 * What the owner does to one lead besides marking it, each as the CLI does
 * it: release a lead held back as spam or unverified (its missing alerts,
 * once), send its failed alerts again, download everything stored about the
 * person, and erase the person after typing the address to confirm, leaving
 * no byte of it behind. Alerts queued here are attempted at once by the
 * server's own delivery worker.
 */
import { type Request, type Response, Router } from 'express';
import { storedAddressKey } from '../../lib/addressKey';
import { followUpChannels } from '../../leads/leadMarking';
import { eraseByEmail, personalData } from '../../leads/personalData';
import { OWNER_PATHS } from '../../contract/inbox';
import type { Services } from '../../services/services';
import { iso } from '../../lib/time';
import { leadIdOf } from './leadViews';
import type { OwnerRouteDeps } from './signInRoutes';
import { ownerForm } from './guard';

const ERASE_MISMATCH = 'Type the e-mail address of this lead exactly to erase the person. Nothing was erased.';

export interface LeadActionDeps extends OwnerRouteDeps {
  services: Pick<Services, 'db' | 'leads' | 'marks' | 'queue' | 'service' | 'worker' | 'channels'>;
  now: () => number;
}

const noSuchLead = (res: Response) =>
  void res.status(404).type('text/plain').send('There is no such lead (it may have been erased).');

/** The lead named by the path, or undefined (answered 404). */
function leadOf(req: Request, res: Response, leads: LeadActionDeps['services']['leads']) {
  const id = leadIdOf(req);
  const row = id === undefined ? undefined : leads.get(id);
  if (!row) noSuchLead(res);
  return row;
}

export function leadActionRoutes({ owner, guard, services, now }: LeadActionDeps): Router {
  const { leads, queue, worker } = services;
  const deliver = (leadId: number, channels: readonly string[]) => {
    for (const channel of channels) void worker.attempt(leadId, channel);
  };
  const back = (res: Response, id: number, done: string) => res.redirect(303, `${OWNER_PATHS.lead}${id}?done=${done}`);

  const router = Router({ caseSensitive: true, strict: true });
  router.post(`${OWNER_PATHS.lead}:id/release`, ownerForm, guard.action, (req, res) => {
    // The release reads the lead in its own transaction: no second read that an erasure could race.
    const id = leadIdOf(req);
    const released = id === undefined ? undefined : services.service.releaseLead(id);
    if (id === undefined || !released) return noSuchLead(res);
    deliver(id, released.added);
    owner.access.record(
      'released',
      `lead ${id}: was ${released.previous}, queued ${released.added.join(', ') || 'nothing'}`,
    );
    back(res, id, 'released');
  });

  router.post(`${OWNER_PATHS.lead}:id/send-again`, ownerForm, guard.action, (req, res) => {
    const row = leadOf(req, res, leads);
    if (!row) return;
    const requeued = queue.requeueFailed(iso(now()), row.id, followUpChannels(services.channels));
    deliver(row.id, Object.keys(requeued));
    owner.access.record('alerts-sent-again', `lead ${row.id}: ${Object.keys(requeued).join(', ') || 'none failed'}`);
    back(res, row.id, 'sent-again');
  });

  router.get(`${OWNER_PATHS.lead}:id/data.json`, guard.page, (req, res) => {
    const row = leadOf(req, res, leads);
    if (!row) return;
    const data = personalData(services, row.email, new Date(now()));
    owner.access.record('exported', `the person of lead ${row.id}`);
    res.setHeader('Content-Disposition', `attachment; filename="lead-${row.id}-person.json"`);
    res.type('application/json').send(`${JSON.stringify(data, null, 2)}\n`);
  });

  router.post(`${OWNER_PATHS.lead}:id/erase`, ownerForm, guard.action, (req, res) => {
    const row = leadOf(req, res, leads);
    if (!row) return;
    const typed = (req.body as { email?: unknown }).email;
    if (typeof typed !== 'string' || storedAddressKey(typed.trim()) !== row.email_key)
      return void res.status(400).type('text/plain').send(ERASE_MISMATCH);
    const erased = eraseByEmail(services, row.email);
    owner.access.record('erased', `${erased.leads} leads, ${erased.alerts} alerts, ${erased.marks} marks`);
    const complete = erased.logEmptied && erased.spellingsLeft === 0;
    res.redirect(303, `${OWNER_PATHS.inbox}?done=${complete ? 'erased' : 'erased-incomplete'}&n=${erased.leads}`);
  });
  return router;
}
