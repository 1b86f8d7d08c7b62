/**
 * The signed-in owner's passkeys and sessions: the list of passkeys, one more for this device, and
 * removal (which ends the sessions the passkey made or signed in); the list of sessions, signing one
 * out, and signing out everywhere else.
 */
import { Router } from 'express';
import { INBOX_PATHS } from '../../contract/inbox';
import { PASSKEY_REFUSED, ceremonyAnswer, passkeyName, type InboxRouteDeps } from './signInRoutes';
import { signedInSession } from './guard';
import { inboxForm, inboxJson, sendPage } from './respond';

const REMOVED_NOTICE = 'The passkey is removed: it no longer signs anyone in, and its sessions are ended.';
const ADDED_NOTICE = 'The passkey is added.';
const KEY = /^[0-9a-f]{64}$/;

export function accessRoutes({ owner, guard, pages, answers, limit }: InboxRouteDeps): Router {
  const { access } = owner;
  const router = Router({ caseSensitive: true, strict: true });
  router.get(INBOX_PATHS.passkeys, guard.page, (_req, res) => {
    const passkeys = owner.reads
      .passkeys()
      .map((p) => ({ id: p.id, name: p.name, createdAt: p.created_at, lastUsedAt: p.last_used_at }));
    sendPage(res, 200, pages.passkeys({ ...guard.signedIn(res), passkeys }));
  });
  router.post(INBOX_PATHS.passkeyOptions, limit, guard.action, async (_req, res) => {
    res.json(await owner.ceremonies.registrationOptions());
  });
  router.post(INBOX_PATHS.passkeys, limit, inboxJson, guard.action, async (req, res) => {
    if (!(await access.addPasskey(signedInSession(res), ceremonyAnswer(req), passkeyName(req))))
      return answers.refuse(req, res, 400, PASSKEY_REFUSED);
    guard.leaveNotice(res, ADDED_NOTICE);
    res.json({ ok: true, next: INBOX_PATHS.passkeys });
  });
  router.post(`${INBOX_PATHS.passkeys}/:id/remove`, inboxForm, guard.action, (req, res) => {
    const { removed, signedOut } = access.removePasskey(signedInSession(res), String(req.params.id));
    if (!removed) return res.redirect(303, INBOX_PATHS.passkeys);
    if (!signedOut) {
      guard.leaveNotice(res, REMOVED_NOTICE);
      return res.redirect(303, INBOX_PATHS.passkeys);
    }
    guard.clearCookie(res);
    res.redirect(303, `${INBOX_PATHS.login}?done=signed-out`);
  });

  router.get(INBOX_PATHS.sessions, guard.page, (_req, res) => {
    const { key } = signedInSession(res);
    const sessions = owner.reads.sessions().map((s) => ({ ...s, current: s.key === key }));
    sendPage(res, 200, pages.sessions({ ...guard.signedIn(res), sessions }));
  });
  router.post(`${INBOX_PATHS.sessions}/:key/end`, inboxForm, guard.action, (req, res) => {
    const session = signedInSession(res);
    const key = String(req.params.key);
    if (key === session.key || !KEY.test(key) || !access.endSession(session, key)) return answers.notFound(res);
    guard.leaveNotice(res, 'That browser is signed out.');
    res.redirect(303, INBOX_PATHS.sessions);
  });
  router.post(INBOX_PATHS.endOtherSessions, inboxForm, guard.action, (_req, res) => {
    const ended = access.endOtherSessions(signedInSession(res));
    guard.leaveNotice(
      res,
      `${ended} other session${ended === 1 ? '' : 's'} signed out: only this browser is signed in.`,
    );
    res.redirect(303, INBOX_PATHS.sessions);
  });
  return router;
}
