/**
 * Cross-site request forgery as a browser really performs it: a page on
 * another origin tries to post leads from its visitor's Chromium (a CORS
 * fetch, a "simple" no-cors form-encoded fetch that needs no preflight, and
 * an auto-submitted form). None may store a lead or read an answer. The same
 * browser filling in the form on our own page must still get through.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, routeThumbnail } from '../support/browser';
import { LEAD_PATH, startLeadSite, type LeadSite } from '../support/leadSite';
import { waitFor } from '../support/waitFor';

let browser: Browser;
let site: LeadSite;
let attacker: Server;
let attackerUrl: string;

function attackerPage(target: string): string {
  const endpoint = `${target}${LEAD_PATH}`;
  return `<!doctype html><html><body>
<form id="f" method="post" action="${endpoint}">
  <input name="name" value="Forged Form"><input name="company" value="Evil"><input name="email" value="forged-form@example.com">
</form>
<script>
  const lead = (tag) => ({ name: 'Forged ' + tag, company: 'Evil', email: 'forged-' + tag + '@example.com' });
  window.corsResult = fetch(${JSON.stringify(endpoint)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(lead('cors')) })
    .then((r) => 'read status ' + r.status, (e) => 'blocked: ' + e.message);
  window.simpleResult = fetch(${JSON.stringify(endpoint)}, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(lead('simple')).toString() })
    .then((r) => 'opaque ' + r.type, (e) => 'blocked: ' + e.message);
</script></body></html>`;
}

before(async () => {
  site = await startLeadSite({ sms: false, email: false, env: { LEAD_RATE_LIMIT: '1000' } });
  attacker = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(attackerPage(site.url)),
  );
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await site?.close();
});

describe('a hostile page in a real browser', () => {
  it('can neither read an answer nor store a lead with fetch, a no-cors post or a form', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(attackerUrl);
      const cors = await page.evaluate(() => (window as unknown as { corsResult: Promise<string> }).corsResult);
      assert.match(cors, /^blocked/, 'the CORS fetch fails: no Access-Control-Allow-Origin');
      await page.evaluate(() => (window as unknown as { simpleResult: Promise<string> }).simpleResult);
      await Promise.all([
        page.waitForNavigation(),
        page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit()),
      ]);
      assert.match(await page.content(), /only accepts submissions made on our own website/, 'the visitor is told why');
      await new Promise((r) => setTimeout(r, 200));
      assert.deepEqual(
        site.rows().filter((r) => r.email.startsWith('forged')),
        [],
        'no forged lead stored',
      );
    } finally {
      await page.close();
    }
  });

  it('still lets a visitor send the form on our own page', async () => {
    const page = await browser.newPage();
    try {
      await routeThumbnail(page, site.config.profile.videoThumbnailUrl);
      await page.goto(`${site.url}/`);
      await page.fill('input[name="name"]', 'Real Visitor');
      await page.fill('input[name="company"]', 'Good Co');
      await page.fill('input[name="email"]', 'real@example.com');
      await page.click('#contact button[type="submit"]');
      await waitFor(
        () => site.rows().some((r) => r.email === 'real@example.com'),
        10_000,
        'the lead from our own page',
      );
    } finally {
      await page.close();
    }
  });
});
