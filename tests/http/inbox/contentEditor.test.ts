/**
 * The page's content edited from the inbox, through the real server and SQLite: a section saved as
 * the draft (the public page unchanged), previewed with the public page's renderer, published (the
 * next GET / has the new text under a new ETag), a stale save refused with both texts kept, errors
 * beside their fields and a refused publish (422 with each path), list actions, and restore.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { parse } from 'node-html-parser';
import { openSection, ownerPage, saveSection } from '../../support/contentForm';
import { homeIn, PAGE_ENCODINGS } from '../../support/homePage';
import { leadSitesPerTest } from '../../support/leadSite';
import { ownerFetch, postForm, signInByLink } from '../../support/ownerHttp';

const site = leadSitesPerTest();
const SHIPPED_TITLE = 'Who We Sell To';

// The identity variant: its ETag changes only with the page (the compressed ones are recompressed smaller once after start-up).
const home = async (url: string) => {
  const page = await homeIn(url, 'identity');
  return { etag: page.etag, html: page.body };
};

describe('the content editor', () => {
  it('saves a draft that visitors do not see, previews it, and publishes it at once', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const before = await home(s.url);
    assert.match(before.html, /<h3>Who We Sell To<\/h3>/);

    const { fields } = await openSection(s, session, 'services');
    assert.equal(fields['services.1.title'], SHIPPED_TITLE);
    const saved = await saveSection(s, session, 'services', { ...fields, 'services.1.title': 'Markets First' });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.get('location'), '/owner/content/services');
    const after = await ownerPage(s, session, '/owner/content/services');
    assert.match(after.html, /Draft saved \(version 1\)\./);
    assert.equal(parse(after.html).querySelector('#f-services-1-title')?.getAttribute('value'), 'Markets First');

    const unchanged = await home(s.url);
    assert.equal(unchanged.etag, before.etag, 'a saved draft leaves the public page as it was');
    assert.doesNotMatch(unchanged.html, /Markets First/);

    const preview = await ownerPage(s, session, '/owner/content/preview');
    assert.equal(preview.status, 200);
    assert.match(preview.html, /<h3>Markets First<\/h3>/);
    assert.match(preview.html, /Preview of your draft \(version 1\) in English\. Visitors still see revision 1\./);
    // Each language the draft is complete in can be previewed, linked from the bar.
    assert.match(preview.html, /<a href="\/owner\/content\/preview\?language=pt">In Portuguese<\/a>/);
    const portuguese = await ownerPage(s, session, '/owner/content/preview?language=pt');
    assert.match(portuguese.html, /^<!DOCTYPE html><html lang="pt-BR">/);
    assert.match(portuguese.html, /Preview of your draft \(version 1\) in Portuguese\./);
    assert.match(portuguese.html, /<a href="\/owner\/content\/preview">In English<\/a>/);
    assert.equal(preview.headers.get('cache-control'), 'no-store');
    assert.match(preview.headers.get('x-robots-tag') ?? '', /noindex/);
    assert.match(preview.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    // The very page visitors would get: the same stylesheet and sections, plus the banner.
    for (const id of ['top', 'services', 'about', 'publications', 'interview', 'contact'])
      assert.ok(parse(preview.html).querySelector(`#${id}`), id);

    const page = await ownerPage(s, session, '/owner/content');
    const version = parse(page.html).querySelector('form[action="/owner/content/publish"] input[name="version"]');
    assert.equal(version?.getAttribute('value'), '1');
    const variants = await Promise.all(PAGE_ENCODINGS.map((encoding) => homeIn(s.url, encoding)));
    const published = await postForm(
      s,
      '/owner/content/publish',
      { _csrf: session.csrf, version: '1' },
      { Cookie: session.cookie },
    );
    assert.equal(published.status, 303);
    for (const [i, encoding] of PAGE_ENCODINGS.entries()) {
      const now = await homeIn(s.url, encoding);
      assert.equal(now.sent, encoding);
      assert.match(now.body, /<h3>Markets First<\/h3>/, `the next GET / serves the new text (${encoding})`);
      assert.doesNotMatch(now.body, /Who We Sell To/, encoding);
      assert.notEqual(now.etag, variants[i]?.etag, encoding);
    }
    // The sitemap's lastmod follows the revision served.
    const revision2 = s.services.owner.content.history()[0]?.publishedAt.slice(0, 10);
    assert.match(await (await fetch(`${s.url}/sitemap.xml`)).text(), new RegExp(`<lastmod>${revision2}</lastmod>`));
    const notice = await ownerPage(s, session, '/owner/content');
    assert.match(notice.html, /Published as revision 2 \(1 field changed\): visitors see it now\./);

    const history = await ownerPage(s, session, '/owner/content/history');
    const entries = parse(history.html).querySelectorAll('.owner-history > li');
    assert.equal(entries.length, 2);
    assert.match(entries[0]?.text ?? '', /Revision 2 \(on your page now\)/);
    assert.match(entries[0]?.text ?? '', /inbox, /);
    assert.match(entries[0]?.text ?? '', /Changed 1 field: services\.1\.title\.en/);
    assert.match(entries[1]?.text ?? '', /Revision 1.*the shipped content/s);
  });

  it('refuses a save based on an older draft, keeping both texts on the page', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const first = await openSection(s, session, 'services');
    const second = await openSection(s, session, 'services');
    assert.equal(
      (await saveSection(s, session, 'services', { ...first.fields, 'services.0.title': 'From the phone' })).status,
      303,
    );
    const refused = await saveSection(s, session, 'services', {
      ...second.fields,
      'services.0.title': 'From the laptop',
    });
    assert.equal(refused.status, 409);
    const html = await refused.text();
    assert.match(html, /Not saved: the draft was changed elsewhere/);
    assert.equal(parse(html).querySelector('#f-services-0-title')?.getAttribute('value'), 'From the laptop');
    assert.match(parse(html).querySelector('.owner-stale')?.text ?? '', /Saved elsewhere: From the phone$/);
    const stored = s.services.owner.content.draft();
    assert.equal(stored.version, 1);
    assert.equal((stored.content as { services: { title: { en: string } }[] }).services[0]?.title.en, 'From the phone');
    // Saving again from the refused page (it carries the stored version) keeps what he typed there.
    const again = parse(html).querySelector('form[action="/owner/content/services"] input[name="version"]');
    assert.equal(again?.getAttribute('value'), '1');
  });

  it('saves a draft that fails the schema, shows each error beside its field, and refuses to publish it (422)', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const before = await home(s.url);
    const { fields } = await openSection(s, session, 'services');
    const long = 'A title much longer than forty characters.'.padEnd(52, '!');
    assert.equal((await saveSection(s, session, 'services', { ...fields, 'services.2.title': long })).status, 303);
    const page = parse((await ownerPage(s, session, '/owner/content/services')).html);
    const message = 'Service 3: the title is 52 characters; at most 40';
    assert.equal(page.querySelector('#f-services-2-title')?.getAttribute('aria-invalid'), 'true');
    assert.equal(page.querySelector('#f-services-2-title-error')?.text, message);
    assert.match(page.querySelector('.owner-errors')?.text ?? '', new RegExp(message));
    assert.equal(page.querySelector('#f-services-2-title')?.getAttribute('value'), long, 'nothing typed is lost');

    const refused = await postForm(
      s,
      '/owner/content/publish',
      { _csrf: session.csrf, version: '1' },
      { Cookie: session.cookie },
    );
    assert.equal(refused.status, 422);
    const body = await refused.text();
    assert.match(body, /services\.2\.title\.en/);
    assert.match(body, new RegExp(message));
    assert.equal((await home(s.url)).etag, before.etag, 'a refused publish changes nothing');
    assert.equal(s.services.owner.content.history().length, 1);
    assert.equal((await ownerPage(s, session, '/owner/content/preview')).status, 422);
  });

  it('stores line breaks as LF, adds, moves and removes list items, and restores an old revision', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const about = await openSection(s, session, 'about');
    const conferences = Object.keys(about.fields).filter((name) => /^conferences\.\d+\.name$/.test(name)).length;
    const added = await saveSection(s, session, 'about', {
      ...about.fields,
      'about.journey.0': 'First line\r\nSecond line',
      op: 'add:conferences',
    });
    assert.equal(added.status, 303);
    assert.equal(added.headers.get('location'), `/owner/content/about#f-conferences-${conferences}`);
    type Draft = { about: { journey: { en: string }[] }; conferences: { name: { en: string } }[] };
    let draft = s.services.owner.content.draft().content as Draft;
    assert.equal(draft.about.journey[0]?.en, 'First line\nSecond line');
    assert.equal(draft.conferences.length, conferences + 1);
    assert.equal(draft.conferences[conferences]?.name.en, '');

    const names = draft.conferences.map((c) => c.name.en);
    const opened = await openSection(s, session, 'about');
    assert.equal((await saveSection(s, session, 'about', { ...opened.fields, op: 'down:conferences.0' })).status, 303);
    draft = s.services.owner.content.draft().content as Draft;
    assert.deepEqual(draft.conferences.map((c) => c.name.en).slice(0, 2), [names[1], names[0]]);
    const reopened = await openSection(s, session, 'about');
    assert.equal(
      (await saveSection(s, session, 'about', { ...reopened.fields, op: `remove:conferences.${conferences}` })).status,
      303,
    );
    draft = s.services.owner.content.draft().content as Draft;
    assert.equal(draft.conferences.length, conferences);

    // Publish the reorder, then restore revision 1 and publish it again: a new revision, the old text back.
    const csrf = { _csrf: session.csrf, Cookie: session.cookie };
    const publish = (version: number) =>
      postForm(s, '/owner/content/publish', { _csrf: csrf._csrf, version: String(version) }, { Cookie: csrf.Cookie });
    assert.equal((await publish(s.services.owner.content.draft().version)).status, 303);
    assert.equal(s.services.owner.content.published().revision, 2);
    const version = String(s.services.owner.content.draft().version);
    const restored = await postForm(
      s,
      '/owner/content/history/1/restore',
      { _csrf: csrf._csrf, version },
      { Cookie: csrf.Cookie },
    );
    assert.equal(restored.status, 303);
    assert.match((await ownerPage(s, session, '/owner/content')).html, /Revision 1 is in your draft/);
    assert.equal((await publish(s.services.owner.content.draft().version)).status, 303);
    assert.equal(s.services.owner.content.published().revision, 3);
    assert.deepEqual(s.services.owner.content.published().content, s.services.owner.content.draft().content);
    assert.equal(s.services.owner.content.history().length, 3, 'nothing rewritten or deleted');
    const html = (await home(s.url)).html;
    assert.ok(html.indexOf(names[0] ?? '') < html.indexOf(names[1] ?? ''), 'the first order is back');
  });

  it('refuses a publish or restore made from a page older than the draft', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const { fields } = await openSection(s, session, 'footer');
    assert.equal((await saveSection(s, session, 'footer', fields)).status, 303);
    const stalePublish = await postForm(
      s,
      '/owner/content/publish',
      { _csrf: session.csrf, version: '0' },
      { Cookie: session.cookie },
    );
    assert.equal(stalePublish.status, 409);
    const staleRestore = await postForm(
      s,
      '/owner/content/history/1/restore',
      { _csrf: session.csrf, version: '0' },
      { Cookie: session.cookie },
    );
    assert.equal(staleRestore.status, 409);
    assert.equal(s.services.owner.content.history().length, 1);
    assert.equal(s.services.owner.content.draft().version, 1);
    assert.equal((await ownerPage(s, session, '/owner/content/nonsense')).status, 404);
    const unknown = await postForm(
      s,
      '/owner/content/history/99/restore',
      { _csrf: session.csrf, version: '1' },
      { Cookie: session.cookie },
    );
    assert.equal(unknown.status, 404);
  });

  it('keeps the draft and serves the published revision after a restart, in a new session', async () => {
    const first = await site();
    const session = await signInByLink(first);
    const services = await openSection(first, session, 'services');
    await saveSection(first, session, 'services', { ...services.fields, 'services.0.title': 'Published title' });
    const publish = { _csrf: session.csrf, version: '1' };
    assert.equal((await postForm(first, '/owner/content/publish', publish, { Cookie: session.cookie })).status, 303);
    const footer = await openSection(first, session, 'footer');
    await saveSection(first, session, 'footer', { ...footer.fields, 'footer.title': 'A draft not yet published' });
    await first.close();

    const again = await site({ env: { DATABASE_PATH: first.databasePath } });
    const page = await home(again.url);
    assert.match(page.html, /<h3>Published title<\/h3>/);
    assert.doesNotMatch(page.html, /A draft not yet published/);
    const later = await signInByLink(again);
    const reopened = await openSection(again, later, 'footer');
    assert.equal(reopened.fields['footer.title'], 'A draft not yet published');
    assert.equal(reopened.fields.version, '2');
  });

  it('shows the inbox section as Page, and says which revision it cannot serve', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const page = parse((await ownerPage(s, session, '/owner/content')).html);
    assert.equal(page.querySelector('.owner-nav a[aria-current="page"]')?.text, 'Page');
    assert.match(page.text, /Visitors see revision 1, published .* \(the shipped content\)\./);
    assert.match(page.text, /You have no draft yet/);

    // A revision this release cannot serve (written by a newer release, or by hand): the page says so.
    const db = new Database(s.databasePath);
    const broken = { ...(s.services.owner.content.published().content as object), services: [] };
    db.prepare(
      "INSERT INTO content_revisions (published_at, published_by, body, changed) VALUES ('2030-01-01T00:00:00.000Z', 'a hand', ?, '[]')",
    ).run(JSON.stringify(broken));
    db.close();
    const res = await ownerFetch(s, '/owner/content', { headers: { Cookie: session.cookie } });
    const text = parse(await res.text()).text;
    assert.match(text, /Revision 2 is not served/);
    assert.match(text, /visitors see revision 1/);
    assert.match(text, /Services: at least 3; there are 0/);
  });
});
