/**
 * A second device: the owner's laptop signs in with the e-mailed one-time
 * link (sent only to ALERT_EMAIL_TO, at most once in 10 minutes), is offered
 * a passkey of its own, and gets it. Removing a passkey stops it signing in;
 * removing the last one ends every session.
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

const browser = browserPerFile();
const site = leadSitesPerTest();

async function phoneWithPasskey(s: LeadSite) {
  const phone = await ownerDevice(browser());
  await createPasskey(phone.page, s.services.owner.access.newLink('register').url, 'Phone');
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
      await laptop.page.waitForURL(`${origin}/owner/passkeys?welcome=1`);
      assert.match(await textOf(laptop.page.locator('main')), /Create a passkey on this device/);
      await laptop.page.getByLabel('Name of this device').fill('Laptop');
      await laptop.page.getByRole('button', { name: 'Create passkey' }).click();
      await laptop.page.waitForURL(`${origin}/owner/passkeys?done=added`);
      const listed = await textOf(laptop.page.locator('main'));
      assert.match(listed, /Phone/);
      assert.match(listed, /Laptop/);

      const used = await laptop.page.goto(link);
      assert.equal(used?.status(), 403, 'the e-mailed link works once');
      assert.equal(s.services.owner.access.sessions().length, 2, 'phone and laptop');
    } finally {
      await Promise.all([phone.close(), laptop.close()]);
    }
  });

  it('a removed passkey no longer signs in; removing the last one ends every session', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const phone = await phoneWithPasskey(s);
    const laptop = await ownerDevice(browser());
    try {
      await openSignInLink(laptop.page, s.services.owner.access.newLink('sign-in').url);
      await laptop.page.getByLabel('Name of this device').fill('Laptop');
      await laptop.page.getByRole('button', { name: 'Create passkey' }).click();
      await laptop.page.waitForURL(`${origin}/owner/passkeys?done=added`);

      // The laptop removes the phone's passkey; the phone stays signed in until it signs out.
      await laptop.page.getByRole('button', { name: 'Remove Phone' }).click();
      await laptop.page.waitForURL(`${origin}/owner/passkeys?done=removed`);
      assert.doesNotMatch(await textOf(laptop.page.locator('main ul')), /Phone/);
      await phone.page.getByRole('button', { name: 'Sign out' }).click();
      await signInWithPasskey(phone.page, origin);
      assert.match(await passkeyOutcome(phone.page), /could not be checked/);
      assert.equal(phone.page.url(), `${origin}/owner/login`);

      // A third session, then the laptop removes the last passkey: every session ends.
      const other = await ownerDevice(browser());
      await openSignInLink(other.page, s.services.owner.access.newLink('sign-in').url);
      await laptop.page.getByRole('button', { name: 'Remove Laptop' }).click();
      await laptop.page.waitForURL(`${origin}/owner/login?done=signed-out`);
      assert.equal(s.services.owner.passkeys.count(), 0);
      assert.deepEqual(s.services.owner.access.sessions(), []);
      await other.page.goto(`${origin}/owner`);
      assert.equal(other.page.url(), `${origin}/owner/login`);
      await other.close();
    } finally {
      await Promise.all([phone.close(), laptop.close()]);
    }
  });
});
