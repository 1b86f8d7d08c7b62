/**
 * The owner gets in with a passkey, in Chromium with a virtual authenticator:
 * the one-time link from `leads owner-link` registers the first passkey and
 * signs him in; he signs out and in again; the link works once and for 15
 * minutes only; the session cookie is HttpOnly, SameSite=Lax, on /owner.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { leadSitesPerTest } from '../support/leadSite';
import {
  createPasskey,
  ownerDevice,
  signInWithPasskey,
  textOf,
  browserPerFile,
  passkeyOutcome,
} from '../support/ownerBrowser';

const LINK_REFUSED =
  'This link cannot be used: it was used already, it has expired (links work for 15 minutes), or a newer link replaced it.';

const browser = browserPerFile();
const site = leadSitesPerTest();

/** `npm run leads -- owner-link` against the site's database: the link it prints on a line of its own. */
async function ownerLink(databasePath: string, publicUrl: string): Promise<string> {
  const result = await runCli(['owner-link'], { DATABASE_PATH: databasePath, PUBLIC_URL: publicUrl });
  assert.equal(result.code, 0, result.stderr);
  const lines = result.stdout.trim().split('\n');
  assert.equal(lines.length, 1, 'the link alone on stdout');
  assert.match(lines[0] ?? '', new RegExp(`^${publicUrl}/owner/register/[A-Za-z0-9_-]{43}$`));
  return lines[0] as string;
}

describe('signing in with a passkey', () => {
  it('registers the first passkey from the printed link, signs out, and signs in with it', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const link = await ownerLink(s.databasePath, origin);
    const phone = await ownerDevice(browser());
    try {
      await createPasskey(phone.page, link, 'My phone');
      await phone.page.waitForURL(`${origin}/owner`);
      assert.equal(await textOf(phone.page.getByRole('heading', { level: 1 })), 'Leads');
      assert.equal((await phone.credentials()).length, 1, 'the phone holds one passkey');

      const [cookie, ...others] = await phone.context.cookies();
      assert.equal(others.length, 0);
      assert.equal(cookie?.name, 'owner_session');
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Lax');
      assert.equal(cookie?.path, '/owner');
      assert.match(cookie?.value ?? '', /^[A-Za-z0-9_-]{43}$/, '256 random bits');

      await phone.page.getByRole('button', { name: 'Sign out' }).click();
      await phone.page.waitForURL(`${origin}/owner/login?done=signed-out`);
      assert.match(await textOf(phone.page.locator('main')), /You are signed out\./);
      await phone.page.goto(`${origin}/owner`);
      assert.equal(phone.page.url(), `${origin}/owner/login`, 'signed out: back to the login page');

      await signInWithPasskey(phone.page, origin);
      await phone.page.waitForURL(`${origin}/owner`);
      assert.equal(await textOf(phone.page.getByRole('heading', { level: 1 })), 'Leads');

      await phone.page.goto(`${origin}/owner/passkeys`);
      assert.match(await textOf(phone.page.locator('main')), /My phone/);

      // What he does from here is logged with the passkey he signed in with, and the device.
      await phone.page.goto(`${origin}/owner/content/footer`);
      await phone.page.getByRole('button', { name: 'Save draft' }).first().click();
      await phone.page.getByText('Draft saved (version 1).').waitFor();
      const [saved] = s.services.owner.reads.activity(1);
      assert.match(saved?.source ?? '', /^inbox, My phone \((.* on )?Linux\)$/);
    } finally {
      await phone.close();
    }
  });

  it('refuses the link a second time, and a passkey it never registered', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const link = await ownerLink(s.databasePath, origin);
    const phone = await ownerDevice(browser());
    const thief = await ownerDevice(browser());
    try {
      await createPasskey(phone.page, link);
      await phone.page.waitForURL(`${origin}/owner`);

      const again = await thief.page.goto(link);
      assert.equal(again?.status(), 403);
      assert.match(await textOf(thief.page.locator('main')), new RegExp(LINK_REFUSED.replace(/[().]/g, '\\$&')));
      assert.equal(await thief.page.getByRole('button', { name: 'Create passkey' }).count(), 0);

      // A device with no passkey of this inbox cannot sign in: its authenticator has nothing to offer.
      await signInWithPasskey(thief.page, origin);
      assert.equal(await passkeyOutcome(thief.page), 'The passkey request was cancelled. Try again.');
      assert.notEqual(thief.page.url(), `${origin}/owner`);
      await thief.page.goto(`${origin}/owner`);
      assert.equal(thief.page.url(), `${origin}/owner/login`);
      assert.equal(s.services.owner.reads.passkeys().length, 1);
    } finally {
      await Promise.all([phone.close(), thief.close()]);
    }
  });

  it('refuses a link after 15 minutes, and an older link once a newer one was made', async () => {
    let offset = 0;
    const s = await site({ localhostOrigin: true, now: () => Date.now() + offset });
    const origin = s.config.publicUrl;
    const older = s.services.owner.links.create('register').url;
    const newer = s.services.owner.links.create('register').url;
    const phone = await ownerDevice(browser());
    try {
      const first = await phone.page.goto(older);
      assert.equal(first?.status(), 403, 'a newer link voids the older one');
      offset = 15 * 60_000 + 1_000;
      const late = await phone.page.goto(newer);
      assert.equal(late?.status(), 403, 'expired after 15 minutes');
      assert.equal(s.services.owner.reads.passkeys().length, 0);
      const fresh = s.services.owner.links.create('register').url;
      await createPasskey(phone.page, fresh);
      await phone.page.waitForURL(`${origin}/owner`);
      assert.equal(s.services.owner.reads.passkeys().length, 1);
    } finally {
      await phone.close();
    }
  });

  it("opens the lead's page an alert linked, after signing in, and from a link on another site", async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    assert.equal((await s.post({ name: 'Grace Hopper', company: 'Navy', email: 'grace@example.com' })).status, 200);
    const phone = await ownerDevice(browser());
    try {
      await createPasskey(phone.page, s.services.owner.links.create('register').url);
      await phone.page.waitForURL(`${origin}/owner`);
      await phone.page.getByRole('button', { name: 'Sign out' }).click();
      await phone.page.waitForURL(/\/owner\/login/);

      // The alert's link, signed out: the login page, then the lead itself.
      await phone.page.goto(`${origin}/owner/leads/1`);
      assert.equal(phone.page.url(), `${origin}/owner/login?next=%2Fowner%2Fleads%2F1`);
      await phone.page.getByRole('button', { name: 'Sign in with passkey' }).click();
      await phone.page.waitForURL(`${origin}/owner/leads/1`);
      assert.equal(await textOf(phone.page.getByRole('heading', { level: 1 })), 'Grace Hopper');

      // Signed in, following the link from a page of another site (a webmail): the SameSite=Lax
      // cookie travels with that navigation, and the lead opens at once.
      await phone.page.goto(`${s.url}/robots.txt`); // 127.0.0.1: another site than localhost
      await phone.page.evaluate((url) => {
        window.location.href = url;
      }, `${origin}/owner/leads/1`);
      await phone.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Grace Hopper');
      assert.equal(phone.page.url(), `${origin}/owner/leads/1`);
    } finally {
      await phone.close();
    }
  });

  it('a cancelled ceremony leaves the link usable and says so', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const link = s.services.owner.links.create('register').url;
    const phone = await ownerDevice(browser());
    try {
      // The person turns the prompt down: the authenticator does not verify him.
      await phone.cdp.send('WebAuthn.setUserVerified', {
        authenticatorId: phone.authenticatorId,
        isUserVerified: false,
      });
      await createPasskey(phone.page, link);
      assert.equal(await passkeyOutcome(phone.page), 'The passkey request was cancelled. Try again.');
      assert.equal(s.services.owner.reads.passkeys().length, 0);
      await phone.cdp.send('WebAuthn.setUserVerified', {
        authenticatorId: phone.authenticatorId,
        isUserVerified: true,
      });
      await phone.page.getByRole('button', { name: 'Create passkey' }).click();
      await phone.page.waitForURL(`${origin}/owner`);
      assert.equal(s.services.owner.reads.passkeys().length, 1);
    } finally {
      await phone.close();
    }
  });
});
