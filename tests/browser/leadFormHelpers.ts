/**
 * Shared steps for the lead form browser tests: open the home page the way a
 * visitor would, bring the form into view so its bundle hydrates it, fill it
 * in, and read what the toasts and fields show.
 */
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { collectConsole, launchBrowser, routeThumbnail } from '../support/browser';
import { startLeadSite, type LeadSite, type LeadSiteOptions } from '../support/leadSite';

/** One Chromium and one lead site for a whole test file: started before its tests, closed after them. */
export function sharedBrowserAndSite(options: LeadSiteOptions = {}): { browser: Browser; site: LeadSite } {
  const shared = {} as { browser: Browser; site: LeadSite };
  before(async () => {
    [shared.browser, shared.site] = await Promise.all([launchBrowser(), startLeadSite(options)]);
  });
  after(async () => {
    await shared.browser?.close();
    await shared.site?.close();
  });
  return shared;
}

export interface LeadValues {
  name: string;
  company: string;
  email: string;
}

export const sampleLead = (tag = 'one'): LeadValues => ({
  name: `Ada Lovelace ${tag}`,
  company: `Analytical Engines ${tag}`,
  email: `ada.${tag}@example.com`,
});

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  console: { type: string; text: string }[];
  /** Every request the page made, by URL path, in order. */
  requests: string[];
}

export async function openHome(
  browser: Browser,
  siteUrl: string,
  thumbnailUrl: string,
  options: { width?: number; height?: number; javaScriptEnabled?: boolean } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await routeThumbnail(page, thumbnailUrl);
  const console = collectConsole(page);
  const requests: string[] = [];
  page.on('request', (r: Request) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
  return { context, page, console, requests };
}

/** Scrolls to the form and waits until React has hydrated it. */
export async function hydrateForm(page: Page): Promise<void> {
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.locator('#lead-form-island[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 10_000 });
}

export async function fillLead(page: Page, values: LeadValues): Promise<void> {
  await page.getByLabel('Name *').fill(values.name);
  await page.getByLabel('Company *').fill(values.company);
  await page.getByLabel('Email *').fill(values.email);
}

export async function fieldValues(page: Page): Promise<LeadValues> {
  return {
    name: await page.getByLabel('Name *').inputValue(),
    company: await page.getByLabel('Company *').inputValue(),
    email: await page.getByLabel('Email *').inputValue(),
  };
}

export const submitButton = (page: Page) => page.locator('#lead-form-island button[type="submit"]');

export interface ShownToast {
  title: string;
  description: string;
  variant: string;
}

/** Waits for exactly one toast and returns what it says and how it is styled. */
export async function theToast(page: Page): Promise<ShownToast> {
  const toast = page.locator('.toast');
  await toast.waitFor({ state: 'visible', timeout: 10_000 });
  return {
    title: (await toast.locator('.toast-title').textContent()) ?? '',
    description: (await toast.locator('.toast-description').textContent()) ?? '',
    variant: (await toast.getAttribute('class'))?.includes('toast-destructive') ? 'destructive' : 'success',
  };
}

/** Console output that signals a problem: errors, warnings (React's hydration warnings among them), page errors. */
export const problems = (messages: { type: string; text: string }[]) =>
  messages.filter((m) => m.type === 'error' || m.type === 'warning' || m.type === 'pageerror');

export const emptyLead: LeadValues = { name: '', company: '', email: '' };

/** A route handler's gate: the request waits until release() is called. */
export function gate(): { wait: Promise<void>; release: () => void } {
  let release = () => {};
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release };
}
