/**
 * The owner's uploads from the content editor: his photo for the hero and the video's thumbnail,
 * each posted as a form (multipart/form-data: `image`, `_csrf`, `version`). A stranger is refused
 * before the body is read; then the form token and origin are checked as for every action. The
 * upload only changes the draft. The answer is the editor's section again, with what happened as its
 * notice; a client that asks for JSON gets `{ ok, ... }` with the status instead.
 */
import { type Request, type Response, Router } from 'express';
import { INBOX_PATHS } from '../../contract/inbox';
import { NO_FILE, tooLarge } from '../../contract/images';
import type { Uploaded, UploadTarget } from '../../ownerActions/imageActions';
import { actorOf } from './guard';
import { multipartUpload, receivedFile } from './multipartUpload';
import { sessionOf, versionOf } from './respond';
import type { InboxRouteDeps } from './signInRoutes';

export const UPLOADED: Record<UploadTarget, string> = {
  photo: 'The photo is in the draft. Preview it, then publish.',
  thumbnail: 'The video thumbnail is in the draft. Preview it, then publish.',
};

export const STALE_UPLOAD =
  'The draft changed since this page was loaded (in another tab or from the command line). Nothing was uploaded: upload the file again.';

/** The editor's section each upload comes from and returns to. */
const SECTION: Record<UploadTarget, string> = {
  photo: `${INBOX_PATHS.content}/hero`,
  thumbnail: `${INBOX_PATHS.content}/video`,
};

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

export function imageRoutes({ owner, guard, answers }: InboxRouteDeps): Router {
  const router = Router({ caseSensitive: true, strict: true });

  /** Tells the owner what happened: JSON with the status, or the notice on his section's page. */
  function answer(req: Request, res: Response, target: UploadTarget, status: number, outcome: Record<string, unknown>) {
    if (wantsJson(req)) return void res.status(status).json(outcome);
    guard.leaveNotice(res, String(outcome.ok ? UPLOADED[target] : outcome.error));
    res.redirect(303, SECTION[target]);
  }

  const upload = (target: UploadTarget) =>
    router.post(
      target === 'photo' ? INBOX_PATHS.contentPhoto : INBOX_PATHS.contentThumbnail,
      // A stranger's upload is never read: 403 before the body, as every action without a session gets.
      (req, res, next) => (sessionOf(res) ? next() : answers.refuse(req, res, 403)),
      multipartUpload,
      // Too large to read, so its form token is unknown: refused with the size, and nothing else is done.
      (req, res, next) => {
        const file = receivedFile(res);
        if (!file.unread) return next();
        const error = tooLarge(file.announced);
        if (wantsJson(req)) return void res.status(413).json({ ok: false, error });
        answers.refuse(req, res, 413, error);
      },
      guard.action,
      async (req, res, next) => {
        const file = receivedFile(res);
        if (file.overLimit) return answer(req, res, target, 413, { ok: false, error: tooLarge(file.announced) });
        if (file.bytes === undefined) return answer(req, res, target, 422, { ok: false, error: NO_FILE });
        const basedOn = versionOf(req.body);
        let outcome: Uploaded;
        try {
          outcome = await owner.images.upload(actorOf(res), { bytes: file.bytes, target, basedOn });
        } catch (err) {
          return next(err);
        }
        if (outcome.kind === 'stale') return answer(req, res, target, 409, { ok: false, error: STALE_UPLOAD });
        if (outcome.kind === 'refused')
          return answer(req, res, target, outcome.tooLarge ? 413 : 422, { ok: false, error: outcome.error });
        answer(req, res, target, 200, { ok: true, id: outcome.id, version: outcome.version, image: outcome.image });
      },
    );
  upload('photo');
  upload('thumbnail');
  return router;
}
