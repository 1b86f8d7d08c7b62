/**
 * A second device: the owner's laptop signs in with the e-mailed one-time
 * link (sent only to ALERT_EMAIL_TO, at most once in 10 minutes), is offered
 * a passkey of its own, and gets it. Removing a passkey stops it signing in and
 * ends the sessions it made, at once; removing the last one ends every session.
 * The sessions page lists the signed-in browsers and signs one out, or every
 * other.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ALERT_EMAIL_TO, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import {
  createPasskey,
  ownerDevice,
  signInWithPasskey,
  textOf,
  browserPerFile,
  passkeyOutcome,
  openSignInLink,
} from '../support/ownerBrowser';
import { waitFor } from '../support/waitFor';

const EMAIL_LINK_NOTICE =
  "If e-mail is set up for this site, a sign-in link is on its way to the owner's address. It works once, for 15 minutes; one link is sent every 10 minutes at most.";

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const browser = browserPerFile();
const site = leadSitesPerTest();

async function phoneWithPasskey(s: LeadSite) {
  const phone = await ownerDevice(browser());
  await createPasskey(phone.page, s.services.owner.links.create('register').url, 'Phone');
  await phone.page.waitForURL(`${s.config.publicUrl}/owner`);
  return phone;
}

async function askForEmailLink(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/owner/login`);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await page.waitForURL(`${origin}/owner/login/email-link`);
  return textOf(page.locator('main .owner-notice'));
}

describe('more than one device', () => {
  it('signs a laptop in with an e-mailed link, once, and adds its own passkey', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const phone = await phoneWithPasskey(s);
    const laptop = await ownerDevice(browser());
    try {
      assert.equal(await askForEmailLink(laptop.page, origin), EMAIL_LINK_NOTICE);
      await waitFor(() => s.smtp.messages.length === 1);
      const [mail] = s.smtp.messages;
      assert.deepEqual(mail?.to, [ALERT_EMAIL_TO]);
      assert.equal(mail?.subject, 'Your sign-in link');
      const link = /(http:\/\/localhost:\d+\/owner\/sign-in\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
      assert.ok(link, 'the mail carries the link');

      // A second ask within 10 minutes answers the same and sends nothing.
      assert.equal(await askForEmailLink(laptop.page, origin), EMAIL_LINK_NOTICE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(s.smtp.messages.length, 1);

      // Opening the link signs nobody in (a mail scanner opens links); its button does.
      await laptop.page.goto(link);
      assert.equal((await laptop.context.cookies()).length, 0);
      await laptop.page.getByRole('button', { name: 'Sign in' }).click();
      await laptop.page.waitForURL(`${origin}/owner/passkeys`);
      assert.match(await textOf(laptop.page.locator('main')), /Create a passkey on this device/);
      await laptop.page.getByLabel('Name of this device').fill('Laptop');
      await laptop.page.getByRole('button', { name: 'Create passkey' }).click();
      await laptop.page.waitForFunction(() => document.querySelector('.owner-notice')?.textContent?.includes('added'));
      assert.equal(await textOf(laptop.page.locator('main .owner-notice')), 'The passkey is added.');
      const listed = await textOf(laptop.page.locator('main'));
      assert.match(listed, /Phone/);
      assert.match(listed, /Laptop/);

      const used = await laptop.page.goto(link);
      assert.equal(used?.status(), 403, 'the e-mailed link works once');
      assert.equal(s.services.owner.reads.sessions().length, 2, 'phone and laptop');
    } finally {
      await Promise.all([phone.close(), laptop.close()]);
    }
  });

  it('a removed passkey no longer signs in and its sessions end at once; removing the last one ends every session', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const phone = await phoneWithPasskey(s);
    const laptop = await ownerDevice(browser());
    try {
      await openSignInLink(laptop.page, s.services.owner.links.create('sign-in').url);
      await laptop.page.getByLabel('Name of this device').fill('Laptop');
      await laptop.page.getByRole('button', { name: 'Create passkey' }).click();
      await laptop.page.waitForFunction(() => document.querySelector('.owner-notice')?.textContent?.includes('added'));

      // The laptop removes the phone's passkey (a lost phone): the phone's session ends with it, the laptop's goes on.
      await laptop.page.getByRole('button', { name: 'Remove Phone' }).click();
      await laptop.page.waitForURL(`${origin}/owner/passkeys`);
      assert.match(await textOf(laptop.page.locator('main .owner-notice')), /its sessions are ended/);
      assert.doesNotMatch(await textOf(laptop.page.locator('main ul')), /Phone/);
      await phone.page.goto(`${origin}/owner/leads/1`);
      assert.equal(
        phone.page.url(),
        `${origin}/owner/login?next=%2Fowner%2Fleads%2F1`,
        "the phone's session is refused",
      );
      await laptop.page.goto(`${origin}/owner`);
      assert.equal(laptop.page.url(), `${origin}/owner`, "the laptop's session keeps working");
      await signInWithPasskey(phone.page, origin);
      assert.match(await passkeyOutcome(phone.page), /could not be checked/);
      assert.equal(phone.page.url(), `${origin}/owner/login`);

      // A third session, then the laptop removes the last passkey: every session ends.
      const other = await ownerDevice(browser());
      await openSignInLink(other.page, s.services.owner.links.create('sign-in').url);
      await laptop.page.goto(`${origin}/owner/passkeys`);
      await laptop.page.getByRole('button', { name: 'Remove Laptop' }).click();
      await laptop.page.waitForURL(`${origin}/owner/login?done=signed-out`);
      assert.equal(s.services.owner.reads.passkeys().length, 0);
      assert.deepEqual(s.services.owner.reads.sessions(), []);
      await other.page.goto(`${origin}/owner`);
      assert.equal(other.page.url(), `${origin}/owner/login`);
      await other.close();
    } finally {
      await Promise.all([phone.close(), laptop.close()]);
    }
  });

  it('lists the signed-in browsers, and signs out one of them, or every other', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const phone = await phoneWithPasskey(s);
    const laptop = await ownerDevice(browser(), { userAgent: WINDOWS_CHROME });
    const tablet = await ownerDevice(browser(), { userAgent: IPAD_SAFARI });
    try {
      await openSignInLink(laptop.page, s.services.owner.links.create('sign-in').url);
      await openSignInLink(tablet.page, s.services.owner.links.create('sign-in').url);
      await phone.page.goto(`${origin}/owner/sessions`);
      const items = () => phone.page.locator('main ul > li').allTextContents();
      const listed = (await items()).map((text) => text.replace(/\s+/g, ' '));
      assert.equal(listed.length, 3);
      assert.match(listed.find((t) => t.includes('(this browser)')) ?? '', /Signed in with a passkey/);
      assert.match(listed.find((t) => t.includes('Chrome on Windows')) ?? '', /Signed in with an e-mailed link/);
      assert.match(listed.find((t) => t.includes('Safari on iPad')) ?? '', /last seen/);

      await phone.page.getByRole('button', { name: 'Sign out Chrome on Windows' }).click();
      await phone.page.waitForURL(`${origin}/owner/sessions`);
      assert.equal((await items()).length, 2);
      await laptop.page.goto(`${origin}/owner`);
      assert.equal(laptop.page.url(), `${origin}/owner/login`, 'the laptop is signed out');
      await tablet.page.goto(`${origin}/owner`);
      assert.equal(tablet.page.url(), `${origin}/owner`, 'the tablet is not');

      await phone.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await phone.page.waitForURL(`${origin}/owner/sessions`);
      assert.match(await textOf(phone.page.locator('main .owner-notice')), /only this browser is signed in/);
      assert.equal((await items()).length, 1);
      await tablet.page.goto(`${origin}/owner`);
      assert.equal(tablet.page.url(), `${origin}/owner/login`, 'the tablet is signed out');
      await phone.page.goto(`${origin}/owner/activity`);
      assert.match(await textOf(phone.page.locator('main')), /A session ended.*Chrome on Windows/);
    } finally {
      await Promise.all([phone.close(), laptop.close(), tablet.close()]);
    }
  });
});
