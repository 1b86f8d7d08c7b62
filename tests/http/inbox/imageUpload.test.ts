/**
 * The owner's uploads through the real server: refused (403, nothing stored) without a session,
 * with a made-up one, without the form token or from another origin; a bad file is refused with its
 * sentence (JSON for a client that asks for it); a good one goes into the draft only, so the public
 * page is unchanged until he publishes, and then shows it as a <picture> of our own files, each
 * served with its type and cached for a year. An uploaded video thumbnail keeps the page from asking
 * the video host for anything.
 */
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import sharp from 'sharp';
import { INBOX_PATHS } from '../../../src/contract/inbox';
import { NO_FILE, NOT_AN_IMAGE } from '../../../src/contract/images';
import type { Content } from '../../../src/content/schema';
import { sharpLoaded } from '../../../src/images/sharpLoader';
import { STALE_UPLOAD } from '../../../src/http/inbox/imageRoutes';
import { edited } from '../../support/contentEdits';
import { type LeadSite, leadSitesPerTest } from '../../support/leadSite';
import { ownerFetch, signInByLink } from '../../support/ownerHttp';
import { jpegWithGps, METADATA_WORDS, NOT_IMAGES, png } from '../../support/testImages';

const site = leadSitesPerTest();
const PHONE = { via: 'inbox', device: 'test' } as const;

function uploadForm(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

const upload = (s: LeadSite, path: string, form: FormData, headers: Record<string, string> = {}) =>
  ownerFetch(s, path, { method: 'POST', body: form, headers });

/** The status of a GET made with node:http (fetch adds Cache-Control: no-cache to a conditional request). */
const statusOf = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    get(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

const home = async (s: LeadSite) => (await fetch(`${s.url}/`)).text();

/** Publishes the draft with the photo's alt text written, as the editor would, and serves it. */
function publishWithAlt(s: LeadSite, alt: string) {
  const draft = s.services.owner.content.draft();
  const content = (draft.content as Content).hero.photo
    ? edited('hero.photo.alt', { en: alt }, draft.content)
    : draft.content;
  s.services.owner.content.saveDraft(PHONE, content, draft.version);
  assert.equal(s.services.owner.content.publish(PHONE).kind, 'published');
  s.showLatest();
}

describe('uploading a photo', () => {
  it('starts and renders the page without loading sharp', async () => {
    const s = await site();
    assert.match(await home(s), /class="hero-graphic"/);
    assert.equal(sharpLoaded(), false);
  });

  it('is refused without a session, with a made-up one, without the form token, or from another origin', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const jpeg = await jpegWithGps(400, 300);
    const file = { bytes: jpeg, name: 'me.jpg', type: 'image/jpeg' };
    const attempts: [string, FormData, Record<string, string>][] = [
      ['no session', uploadForm({ _csrf: session.csrf, version: '0' }, file), {}],
      [
        'a made-up session',
        uploadForm({ _csrf: session.csrf, version: '0' }, file),
        { Cookie: 'owner_session=made-up' },
      ],
      ['no form token', uploadForm({ version: '0' }, file), { Cookie: session.cookie }],
      ['a wrong form token', uploadForm({ _csrf: 'x', version: '0' }, file), { Cookie: session.cookie }],
      [
        'another origin',
        uploadForm({ _csrf: session.csrf, version: '0' }, file),
        { Cookie: session.cookie, Origin: 'https://evil.example' },
      ],
    ];
    for (const [what, form, headers] of attempts) {
      const res = await upload(s, INBOX_PATHS.contentPhoto, form, headers);
      assert.equal(res.status, 403, what);
      assert.doesNotMatch(await res.text(), /ada@example/);
    }
    assert.deepEqual(s.services.owner.images.count(), { images: 0, files: 0 });
    assert.equal(s.services.owner.content.draft().version, 0);
  });

  it('goes into the draft only; once published, the page shows it as a <picture> of files cached for a year', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const before = await home(s);
    const form = uploadForm(
      { _csrf: session.csrf, version: '0' },
      { bytes: await jpegWithGps(1600, 1200), name: 'me.jpg', type: 'image/jpeg' },
    );
    const res = await upload(s, INBOX_PATHS.contentPhoto, form, { Cookie: session.cookie });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/owner/content/hero');
    assert.equal(s.services.owner.content.draft().version, 1);
    assert.ok((s.services.owner.content.draft().content as Content).hero.photo);
    assert.equal(await home(s), before, 'the public page is unchanged until he publishes');

    publishWithAlt(s, 'Anna on stage');
    const page = parse(await home(s));
    const picture = page.querySelector('.hero-visual picture.hero-photo');
    assert.ok(picture, 'the hero has a <picture>');
    assert.ok(!page.querySelector('.hero-graphic'));
    const sources = picture.querySelectorAll('source');
    assert.deepEqual(
      sources.map((source) => source.getAttribute('type')),
      ['image/avif', 'image/webp'],
    );
    const img = picture.querySelector('img');
    assert.equal(img?.getAttribute('alt'), 'Anna on stage');
    assert.equal(img?.getAttribute('width'), '1200');
    assert.equal(img?.getAttribute('height'), '900');
    assert.equal(img?.getAttribute('fetchpriority'), 'high');
    assert.equal(img?.hasAttribute('loading'), false, 'not lazy');
    for (const element of [...sources, img]) assert.ok(element?.getAttribute('sizes'));

    const wanted = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as Record<string, string>;
    const urls = [...sources, img].flatMap((element) =>
      (element?.getAttribute('srcset') ?? '').split(', ').map((entry) => entry.split(' ')[0] as string),
    );
    assert.equal(urls.length, 12);
    for (const url of urls) {
      const served = await fetch(`${s.url}${url}`);
      assert.equal(served.status, 200, url);
      assert.equal(served.headers.get('content-type'), wanted[url.split('.').pop() as string], url);
      assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      assert.equal((await sharp(bytes).metadata()).exif, undefined, url);
      for (const word of METADATA_WORDS) assert.ok(!bytes.includes(word), `${url} holds no "${word}"`);
      const etag = served.headers.get('etag') ?? '';
      assert.equal(await statusOf(`${s.url}${url}`, { 'If-None-Match': etag }), 304);
    }
    const unknown = await fetch(`${s.url}/assets/photo-400w-AAAAAAAAAAAAAAAAAAAAAA.jpg`);
    assert.equal(unknown.status, 404);
  });

  it('answers a bad file with its sentence and stores nothing: JSON when asked, else the notice and the editor', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const json = { Cookie: session.cookie, Accept: 'application/json' };
    const fields = { _csrf: session.csrf, version: '0' };
    for (const [kind, bytes] of Object.entries(NOT_IMAGES)) {
      const res = await upload(
        s,
        INBOX_PATHS.contentPhoto,
        uploadForm(fields, { bytes, name: 'me.jpg', type: 'image/jpeg' }),
        json,
      );
      assert.equal(res.status, 422, kind);
      assert.deepEqual(await res.json(), { ok: false, error: NOT_AN_IMAGE });
    }
    const none = await upload(s, INBOX_PATHS.contentPhoto, uploadForm(fields), json);
    assert.equal(none.status, 422);
    assert.deepEqual(await none.json(), { ok: false, error: NO_FILE });

    const big = Buffer.alloc(Math.round(16.2 * 1024 * 1024));
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await upload(
      s,
      INBOX_PATHS.contentPhoto,
      uploadForm(fields, { bytes: big, name: 'big.jpg', type: 'image/jpeg' }),
      json,
    );
    assert.equal(tooBig.status, 413);
    assert.deepEqual(await tooBig.json(), { ok: false, error: 'The file is 16.2 MB; at most 15 MB.' });

    // Sent in chunks without a length: read up to the limit, the rest dropped, the same answer.
    const boundary = 'test-boundary';
    const head = Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    const parts = [
      Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n\r\n`),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const chunked = await ownerFetch(s, INBOX_PATHS.contentPhoto, {
      method: 'POST',
      headers: { ...json, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(new Uint8Array(part));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    assert.equal(chunked.status, 413);
    assert.deepEqual(await chunked.json(), { ok: false, error: 'The file is over 15 MB; at most 15 MB.' });

    const stale = await upload(
      s,
      INBOX_PATHS.contentPhoto,
      uploadForm({ ...fields, version: '7' }, { bytes: await png(), name: 'me.png', type: 'image/png' }),
      json,
    );
    assert.equal(stale.status, 409);
    assert.deepEqual(await stale.json(), { ok: false, error: STALE_UPLOAD });

    const asForm = await upload(
      s,
      INBOX_PATHS.contentThumbnail,
      uploadForm(fields, { bytes: NOT_IMAGES['an SVG'] as Buffer, name: 'x.jpg', type: 'image/jpeg' }),
      { Cookie: session.cookie },
    );
    assert.equal(asForm.status, 303);
    assert.equal(asForm.headers.get('location'), '/owner/content/video');
    assert.deepEqual(s.services.owner.images.count(), { images: 0, files: 0 });
    assert.equal(s.services.owner.content.draft().version, 0);
  });
});

describe('uploading a video thumbnail', () => {
  it("keeps the page from naming the video host's thumbnail once published", async () => {
    const s = await site();
    const session = await signInByLink(s);
    const hostThumbnail = s.config.profile.videoThumbnailUrl;
    assert.ok((await home(s)).includes(hostThumbnail));
    const res = await upload(
      s,
      INBOX_PATHS.contentThumbnail,
      uploadForm(
        { _csrf: session.csrf, version: '0' },
        { bytes: await png(1280, 960), name: 't.png', type: 'image/png' },
      ),
      { Cookie: session.cookie, Accept: 'application/json' },
    );
    assert.equal(res.status, 200);
    const answer = (await res.json()) as { ok: boolean; version: number };
    assert.deepEqual([answer.ok, answer.version], [true, 1]);
    assert.ok((await home(s)).includes(hostThumbnail), 'unchanged until published');
    publishWithAlt(s, '');
    const html = await home(s);
    assert.ok(!html.includes(hostThumbnail));
    const img = parse(html).querySelector('.video-card picture img');
    assert.equal(img?.getAttribute('loading'), 'lazy');
    assert.match(
      img?.getAttribute('srcset') ?? '',
      /^\/assets\/thumbnail-480w-[\w-]{22}\.jpg 480w, \/assets\/thumbnail-960w-/,
    );
    // The upload was processed in an image process of its own: the server never loaded sharp.
    assert.equal(sharpLoaded(), false);
  });
});
