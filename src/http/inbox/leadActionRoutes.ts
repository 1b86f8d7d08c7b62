/**
 * What the owner does to one lead besides marking it, through the same actions the CLI calls: release
 * a lead held back as spam or unverified (its missing alerts, once), send its failed alerts again,
 * download everything stored about the person, and erase the person after typing the address to
 * confirm. A mistake comes back on the lead's page, with the message beside its field.
 */
import type { PersonErased } from '../../ownerActions/leadActions';
import { Router } from 'express';
import { INBOX_PATHS, LEAD_ACTIONS, leadActionPath } from '../../contract/inbox';
import { actorOf } from './guard';
import { leadIdOf, sendLeadPage } from './leadViews';
import { inboxForm } from './respond';
import type { InboxRouteDeps } from './signInRoutes';

export const ERASE_MISMATCH = 'Type the e-mail address of this lead exactly to erase the person. Nothing was erased.';

/** What the list says after an erasure. */
function erasedNotice(erasure: PersonErased, showTime: (iso: string) => string): string {
  const what = `${erasure.leads} lead${erasure.leads === 1 ? '' : 's'}`;
  const text =
    erasure.logEmptied && erasure.spellingsLeft === 0
      ? `The person is erased: ${what}, with their alerts and marks, and no trace of the address is left in the database.`
      : `The person's ${what} are deleted, but the database could not be cleaned completely yet: erase again with npm run leads -- erase.`;
  const calls = erasure.calls.map((call) =>
    call.ownerTold
      ? ` Their call of ${showTime(call.startsAt)} is cancelled: your calendar got the cancellation.`
      : ` Their call of ${showTime(call.startsAt)} is cancelled, but the cancellation could not be sent: remove it from your calendar.`,
  );
  return text + calls.join('');
}

export function leadActionRoutes(deps: InboxRouteDeps): Router {
  const { owner, guard, answers } = deps;
  const router = Router({ caseSensitive: true, strict: true });

  router.post(leadActionPath(':id', LEAD_ACTIONS.release), inboxForm, guard.action, (req, res) => {
    const id = leadIdOf(req);
    if (id === undefined || !owner.leads.release(actorOf(res), id)) return answers.notFound(res);
    guard.leaveNotice(res, `Lead #${id} is released: it is verified, and the alerts it missed are on their way.`);
    res.redirect(303, `${INBOX_PATHS.lead}${id}`);
  });

  router.post(leadActionPath(':id', LEAD_ACTIONS.sendAgain), inboxForm, guard.action, (req, res) => {
    const id = leadIdOf(req);
    if (id === undefined || !owner.leads.sendAgain(actorOf(res), id)) return answers.notFound(res);
    guard.leaveNotice(res, `The failed alerts of lead #${id} are being sent again.`);
    res.redirect(303, `${INBOX_PATHS.lead}${id}`);
  });

  router.get(leadActionPath(':id', LEAD_ACTIONS.data), guard.page, (req, res) => {
    const id = leadIdOf(req);
    const data = id === undefined ? undefined : owner.leads.exportPerson(actorOf(res), { leadId: id });
    if (!data) return answers.notFound(res);
    res.setHeader('Content-Disposition', `attachment; filename="lead-${id}-person.json"`);
    res.type('application/json').send(`${JSON.stringify(data, null, 2)}\n`);
  });

  router.post(leadActionPath(':id', LEAD_ACTIONS.erase), inboxForm, guard.action, async (req, res) => {
    const id = leadIdOf(req);
    const typed = (req.body as { email?: unknown }).email;
    const email = typeof typed === 'string' ? typed : '';
    const erased = id === undefined ? undefined : await owner.leads.eraseLeadPerson(actorOf(res), id, email);
    if (!erased || erased.kind === 'no-such-lead') return answers.notFound(res);
    if (erased.kind === 'mismatch')
      return sendLeadPage(deps, res, id, { erase: { error: ERASE_MISMATCH, typed: email } });
    const { erasure } = erased;
    guard.leaveNotice(res, erasedNotice(erasure, deps.showTime));
    res.redirect(303, INBOX_PATHS.inbox);
  });
  return router;
}
