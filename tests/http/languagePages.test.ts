/**
 * The language pages over HTTP: /pt/ and /es/ served from memory like /, the bare prefixes redirected, each
 * language's 404, `/` the same whatever the visitor's Accept-Language, a language that stops being complete
 * served no more, and SITE_LANGUAGES=en offering English alone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import type { Actor } from '../../src/ownerActions/activity';
import { edited } from '../support/contentEdits';
import { createTestSite, type TestSite } from '../support/site';

const OWNER: Actor = { via: 'cli' };

describe('three languages', () => {
  let site: TestSite;
  before(() => {
    site = createTestSite({ PUBLIC_URL: 'https://example.com' });
  });
  after(() => site.close());

  it('serves /pt/ and /es/ from memory with the headers of /: cache rules, ETag, compression', async () => {
    await site.compressed(); // the ETags are final once the smallest compressed forms are in place
    const home = await request(site.listener).get('/').set('Accept-Encoding', 'br').expect(200);
    for (const [path, lang] of [
      ['/pt/', 'pt-BR'],
      ['/es/', 'es'],
    ] as const) {
      const res = await request(site.listener).get(path).set('Accept-Encoding', 'br').expect(200);
      assert.match(res.text, new RegExp(`^<!DOCTYPE html><html lang="${lang}">`));
      for (const header of ['cache-control', 'content-type', 'content-encoding', 'vary', 'content-security-policy'])
        assert.equal(res.headers[header], home.headers[header], `${path}: ${header}`);
      assert.match(res.headers.etag ?? '', /^"[\w-]{27}"$/);
      assert.notEqual(res.headers.etag, home.headers.etag);
      await request(site.listener)
        .get(path)
        .set('Accept-Encoding', 'br')
        .set('If-None-Match', res.headers.etag ?? '')
        .expect(304);
    }
  });

  it('never varies / by Accept-Language or cookie, and never redirects it', async () => {
    const plain = await request(site.listener).get('/').expect(200);
    const portuguese = await request(site.listener)
      .get('/')
      .set('Accept-Language', 'pt-BR,pt;q=0.9')
      .set('Cookie', 'lang=pt')
      .expect(200);
    assert.equal(portuguese.text, plain.text);
    assert.equal(portuguese.headers.etag, plain.headers.etag);
    assert.doesNotMatch(plain.headers.vary ?? '', /language|cookie/i);
  });

  it('redirects the bare prefixes to their pages for good, keeping the query', async () => {
    for (const [from, to] of [
      ['/pt', '/pt/'],
      ['/es', '/es/'],
      ['/en/', '/'],
      ['/en', '/'],
      ['/pt?utm_source=newsletter', '/pt/?utm_source=newsletter'],
    ] as const) {
      const res = await request(site.listener).get(from).expect(301);
      assert.equal(res.headers.location, to, from);
    }
  });

  it("answers any other path under a prefix with that language's 404, and an unknown prefix in English", async () => {
    const pt = await request(site.listener).get('/pt/nada').expect(404);
    assert.match(pt.text, /^<!DOCTYPE html><html lang="pt-BR">/);
    assert.match(pt.text, /Ops! Página não encontrada/);
    assert.match(pt.text, /href="\/pt\/">Voltar ao início<\/a>/);
    const es = await request(site.listener).get('/es/nada/mas').expect(404);
    assert.match(es.text, /¡Ups! Página no encontrada/);
    const fr = await request(site.listener).get('/fr/rien').expect(404);
    assert.match(fr.text, /^<!DOCTYPE html><html lang="en">/);
    assert.match(fr.text, /Oops! Page not found/);
  });

  it('a publish that changes one language serves that page anew and leaves the others as they were', async () => {
    // A page's compressed forms (and so its ETags) are made smaller a moment after start-up or a publish: compare
    // them once that is done, or an unchanged page would seem new.
    const etags = async () => {
      await site.compressed();
      return Object.fromEntries(
        await Promise.all(
          ['/', '/pt/', '/es/'].map(async (path) => {
            const res = await request(site.listener).get(path).set('Accept-Encoding', 'gzip').expect(200);
            return [path, res.headers.etag];
          }),
        ),
      );
    };
    const before = await etags();
    const content = site.services.content;
    const changed = edited('hero.headline.pt', 'Sua startup no mundo', content.draft().content);
    assert.equal(content.saveDraft(OWNER, changed, content.draft().version).kind, 'saved');
    assert.equal(content.publish(OWNER).kind, 'published');
    site.showLatest();
    const after = await etags();
    assert.notEqual(after['/pt/'], before['/pt/'], 'the Portuguese page is new');
    assert.equal(after['/'], before['/'], 'the English page is the same response');
    assert.equal(after['/es/'], before['/es/'], 'the Spanish page is the same response');
    const pt = await request(site.listener).get('/pt/').expect(200);
    assert.match(pt.text, /Sua startup no mundo/);
  });

  it('stops serving a language once a publish leaves one of its texts missing, and serves it again when complete', async () => {
    const content = site.services.content;
    const draft = content.draft();
    const missing = edited('services.1.title', { en: 'Markets First', pt: 'Mercados primeiro' }, draft.content);
    assert.equal(content.saveDraft(OWNER, missing, draft.version).kind, 'saved');
    assert.equal(content.publish(OWNER).kind, 'published');
    site.showLatest();
    const gone = await request(site.listener).get('/es/').expect(404);
    assert.match(gone.text, /<html lang="en">/);
    assert.match(gone.text, /<meta name="robots" content="noindex"\/>/);
    await request(site.listener).get('/es').expect(404);
    const home = await request(site.listener).get('/').expect(200);
    assert.doesNotMatch(home.text, /hrefLang="es"|href="\/es\/"/);
    const sitemap = await request(site.listener).get('/sitemap.xml').expect(200);
    assert.doesNotMatch(sitemap.text, /\/es\//);

    const complete = edited('services.1.title.es', 'Mercados primero', content.draft().content);
    assert.equal(content.saveDraft(OWNER, complete, content.draft().version).kind, 'saved');
    assert.equal(content.publish(OWNER).kind, 'published');
    site.showLatest();
    const back = await request(site.listener).get('/es/').expect(200);
    assert.match(back.text, /Mercados primero/);
  });
});

describe('SITE_LANGUAGES=en', () => {
  let site: TestSite;
  before(() => {
    site = createTestSite({ SITE_LANGUAGES: 'en' });
  });
  after(() => site.close());

  it('offers English alone: no switcher, no alternates, the other prefixes are English 404s', async () => {
    const home = await request(site.listener).get('/').expect(200);
    assert.doesNotMatch(home.text, /hrefLang|language-switcher|og:locale:alternate/);
    for (const path of ['/pt/', '/pt', '/es/', '/en/']) {
      const res = await request(site.listener).get(path).expect(404);
      assert.match(res.text, /<html lang="en">[\s\S]*Oops! Page not found/, path);
    }
  });
});
