/**
 * The owner in Chromium: a browser context with a virtual authenticator (the
 * DevTools protocol's WebAuthn domain), which stands in for his phone's
 * passkey store: user verification always succeeds, no prompt. Each context
 * is a device of its own.
 */
import { after, before } from 'node:test';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { launchBrowser } from './browser';

export interface OwnerDevice {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  /** The passkeys this device holds. */
  credentials(): Promise<{ credentialId: string }[]>;
  close(): Promise<void>;
}

export async function ownerDevice(browser: Browser, options: { userAgent?: string } = {}): Promise<OwnerDevice> {
  const context = await browser.newContext({ userAgent: options.userAgent });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    context,
    page,
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    close: () => context.close(),
  };
}

/** Opens a registration (or sign-in) page and runs the passkey ceremony of its button. */
export async function createPasskey(page: Page, url: string, name?: string): Promise<void> {
  await page.goto(url);
  if (name !== undefined) await page.getByLabel('Name of this device').fill(name);
  await page.getByRole('button', { name: 'Create passkey' }).click();
}

export async function signInWithPasskey(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/owner/login`);
  await page.getByRole('button', { name: 'Sign in with passkey' }).click();
}

/** How the passkey button's ceremony ended, as its status line says once it stops waiting. */
export async function passkeyOutcome(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const text = document.querySelector('#passkey-status')?.textContent ?? '';
    return text !== '' && !text.startsWith('Waiting');
  });
  return textOf(page.locator('#passkey-status'));
}

/** Opens a one-time sign-in link and presses its button, as the owner does from the e-mail. */
export async function openSignInLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/owner\/passkeys/);
}

/** An element's text, its white space folded as a reader sees it. */
export const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** For a test file: Chromium, resolving localhost (passkeys need the name), launched once and closed after. */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser({ localhost: true });
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is launched before the first test');
    return browser;
  };
}
