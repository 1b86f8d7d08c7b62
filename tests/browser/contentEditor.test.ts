/**
 * The owner edits his page on a phone (375 px) in Chromium with JavaScript off (the editor is plain
 * forms): a service title saved as the draft (the public page and its ETag unchanged), previewed,
 * and published (the next GET / has it, under a new ETag); a save from a second tab opened before
 * it refused with both texts shown; an old revision restored and published again; a translation
 * written under its English on the phone (beside it on a wide screen), found by its own label.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { homeIn } from '../support/homePage';
import { jpegWithGps } from '../support/testImages';
import { type LeadSite, leadSitesPerTest } from '../support/leadSite';
import { browserPerFile } from '../support/ownerBrowser';
import { signInByLink } from '../support/ownerHttp';

const browser = browserPerFile();
const site = leadSitesPerTest();

/**
 * A signed-in phone (375 px) with JavaScript off, on a new site: the test's steps get the site, its
 * origin and a page; the browser context is closed after them.
 */
async function onPhone(steps: (s: LeadSite, origin: string, page: Page) => Promise<void>): Promise<void> {
  const s = await site({ localhostOrigin: true });
  const origin = s.config.publicUrl;
  const [name, value] = (await signInByLink(s)).cookie.split('=') as [string, string];
  const context = await browser().newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
  try {
    await context.addCookies([{ name, value, url: origin }]);
    await steps(s, origin, await context.newPage());
  } finally {
    await context.close();
  }
}

describe('the page edited from a phone', () => {
  it('saves, previews, publishes, refuses a stale save, and restores', () =>
    onPhone(async (s, origin, page) => {
      await page.goto(`${origin}/owner`);
      await page.getByRole('link', { name: 'Page', exact: true }).click();
      await page.getByRole('link', { name: 'Services', exact: true }).first().click();
      assert.equal(new URL(page.url()).pathname, '/owner/content/services');
      const before = await homeIn(origin, 'identity');

      // A second tab opened now, before the first saves.
      const laptop = await page.context().newPage();
      await laptop.goto(`${origin}/owner/content/services`);

      await page.locator('#f-services-1-title').fill('Markets First');
      await page.getByRole('button', { name: 'Save draft' }).first().click();
      await page.getByText('Draft saved (version 1).').waitFor();
      const saved = await homeIn(origin, 'identity');
      assert.equal(saved.etag, before.etag, 'the public page is unchanged by a draft');
      assert.doesNotMatch(saved.body, /Markets First/);

      await page.getByRole('link', { name: 'Preview' }).first().click();
      await page.getByText('Preview of your draft (version 1) in English. Visitors still see revision 1.').waitFor();
      assert.equal(await page.locator('#services h3', { hasText: 'Markets First' }).count(), 1);
      await page.getByRole('link', { name: 'Back to the editor' }).click();

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published as revision 2 (1 field changed): visitors see it now.').waitFor();
      const live = await homeIn(origin, 'identity');
      assert.match(live.body, /<h3>Markets First<\/h3>/);
      assert.notEqual(live.etag, before.etag);

      await laptop.locator('#f-services-1-title').fill('Buyers First');
      await laptop.getByRole('button', { name: 'Save draft' }).first().click();
      await laptop.getByText('Not saved: the draft was changed elsewhere').waitFor();
      assert.equal(await laptop.locator('#f-services-1-title').inputValue(), 'Buyers First', 'what he typed is kept');
      assert.match(
        (await laptop.locator('.owner-stale').first().textContent()) ?? '',
        /Saved elsewhere: .?Markets First/,
      );
      assert.equal(s.services.owner.content.draft().version, 1, 'nothing overwritten');

      await page.goto(`${origin}/owner/content/history`);
      await page.getByRole('button', { name: 'Restore revision 1' }).click();
      await page.getByText('Revision 1 is in your draft (version 2). Preview it, then publish it.').waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published as revision 3').waitFor();
      assert.match((await homeIn(origin, 'identity')).body, /<h3>Who We Sell To<\/h3>/);
    }));

  it('writes a translation under its English on the phone and beside it on a wide screen, each input by its label', () =>
    onPhone(async (s, origin, page) => {
      await page.goto(`${origin}/owner/content/footer`);
      // By accessible name: the language's own name beside the input is hidden from it, the field's name is not.
      const inputs = (['Title', 'Title (Portuguese)', 'Title (Spanish)'] as const).map((name) =>
        page.getByRole('textbox', { name, exact: true }),
      );
      const boxes = async () => {
        const found = await Promise.all(inputs.map((input) => input.boundingBox()));
        return found.map((box) => {
          assert.ok(box);
          return box;
        });
      };
      const [en, pt, es] = await boxes();
      assert.ok(en && pt && es && inputs[1] && inputs[2]);
      assert.ok(pt.y >= en.y + en.height && es.y >= pt.y + pt.height, 'stacked, English first');
      assert.equal(pt.x, en.x, 'one column');
      for (const box of [en, pt, es]) assert.ok(box.height >= 44, 'a thumb-sized target');
      assert.equal(await inputs[1].getAttribute('lang'), 'pt-BR');

      await inputs[1].fill('Estratégia de go-to-market para startups');
      await inputs[2].fill('');
      await page.getByRole('button', { name: 'Save draft' }).first().click();
      await page.getByText('Draft saved (version 1).').waitFor();
      const draft = s.services.owner.content.draft().content as { footer: { title: Record<string, string> } };
      assert.deepEqual(draft.footer.title, {
        en: 'Go-to-Market & Growth Strategist for Tech Startups',
        pt: 'Estratégia de go-to-market para startups',
      });

      await page.setViewportSize({ width: 1440, height: 900 });
      const [wideEn, widePt, wideEs] = await boxes();
      assert.ok(wideEn && widePt && wideEs);
      assert.ok(Math.abs(widePt.y - wideEn.y) < 2 && Math.abs(wideEs.y - wideEn.y) < 2, 'in one row');
      assert.ok(wideEn.x + wideEn.width <= widePt.x && widePt.x + widePt.width <= wideEs.x, 'English, then the others');
    }));

  it('uploads a photo from the hero section, gives it its alt text, and publishes it as a <picture>', () =>
    onPhone(async (_s, origin, page) => {
      await page.goto(`${origin}/owner/content/hero`);
      const file = { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps(1600, 1200) };
      await page.getByLabel('Upload a photo of you').setInputFiles(file);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('The photo is in the draft. Preview it, then publish.').waitFor();
      assert.equal(await page.locator('.owner-photo').count(), 1, 'the uploaded photo is shown beside its field');
      // Without its alt text the draft cannot be published: the field says so.
      assert.match((await page.locator('#f-hero-photo-alt-error').textContent()) ?? '', /alt text is empty/);
      await page.locator('#f-hero-photo-alt').fill('Anna on stage in Lisbon');
      await page.getByRole('button', { name: 'Save draft' }).first().click();
      await page.getByText('Draft saved (version 2).').waitFor();
      assert.doesNotMatch((await homeIn(origin, 'identity')).body, /<picture/, 'not on the page before Publish');

      await page.goto(`${origin}/owner/content/preview`);
      assert.equal(await page.locator('.hero picture img[alt="Anna on stage in Lisbon"]').count(), 1);
      await page.goto(`${origin}/owner/content`);
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published as revision 2').waitFor();
      const live = (await homeIn(origin, 'identity')).body;
      assert.match(live, /<picture class="hero-photo">/);
      assert.match(live, /fetchPriority="high"|fetchpriority="high"/);
      assert.match(live, /alt="Anna on stage in Lisbon"/);
    }));
});
