/**
 * Reads an upload form (multipart/form-data: the file field `image`, and the text fields `_csrf` and
 * `version`) with busboy: the text fields go on req.body, where the action guard finds the form
 * token, and the file's bytes on the response's locals. The file is kept in memory up to the upload
 * limit; past it, the rest of the body is read and dropped (the client then gets the size message,
 * not a reset connection), and a body announced as larger is refused before a byte of it is read.
 */
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { UPLOAD_FIELD, UPLOAD_MAX_BYTES } from '../../contract/images';

/** What the form carried: the file's bytes (undefined: no file field), and whether it went over the limit. */
export interface ReceivedFile {
  bytes: Buffer | undefined;
  overLimit: boolean;
  /** The request's announced length, for the size message of a file over the limit. */
  announced: number | undefined;
  /** True when the body was announced as over the limit and not read at all (its form token neither). */
  unread: boolean;
}

// The form's text fields and its boundaries, around the file.
const FORM_OVERHEAD = 64 * 1024;

export const receivedFile = (res: Response): ReceivedFile =>
  (res.locals.upload as ReceivedFile | undefined) ?? {
    bytes: undefined,
    overLimit: false,
    announced: undefined,
    unread: false,
  };

function announcedLength(req: Request): number | undefined {
  const length = Number(req.get('content-length'));
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

export const multipartUpload: RequestHandler = (req, res, next) => {
  const announced = announcedLength(req);
  req.body = {};
  if (!req.is('multipart/form-data')) return next();
  if (announced !== undefined && announced > UPLOAD_MAX_BYTES + FORM_OVERHEAD) {
    // Not read at all: the connection is closed once the answer is sent.
    res.locals.upload = { bytes: undefined, overLimit: true, announced, unread: true } satisfies ReceivedFile;
    res.setHeader('Connection', 'close');
    return next();
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    });
  } catch {
    return next(); // no boundary: read as a form without a file
  }
  const fields: Record<string, string> = {};
  const chunks: Buffer[] = [];
  let sawFile = false;
  let overLimit = false;
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (name, stream) => {
    if (name !== UPLOAD_FIELD || sawFile) return void stream.resume();
    sawFile = true;
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => {
      overLimit = true;
      chunks.length = 0; // nothing of it is kept
    });
  });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    req.unpipe(parser);
    req.resume(); // whatever is left is read and dropped
    req.body = fields;
    const bytes = sawFile && !overLimit ? Buffer.concat(chunks) : undefined;
    res.locals.upload = { bytes, overLimit, announced, unread: false } satisfies ReceivedFile;
    next();
  };
  parser.on('close', finish);
  // A malformed body is a form without a file: the route says so in words.
  parser.on('error', finish);
  req.on('aborted', () => {
    finished = true; // the client is gone: nobody to answer
  });
  req.pipe(parser);
};
