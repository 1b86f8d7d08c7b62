/**
 * Launches Debian's Chromium through playwright-core. Outside hosts are
 * unreachable here, so the browser is told to resolve every host but
 * 127.0.0.1 to nothing: no test can depend on, or send traffic to, the network.
 */
import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface LaunchOptions {
  /** Show scrollbars, as on Windows and desktop Linux (headless Chromium hides them). */
  scrollbars?: boolean;
  /** Also resolve the name localhost, to 127.0.0.1 (passkeys and some origins need the name). */
  localhost?: boolean;
}

export async function launchBrowser({ scrollbars = false, localhost = false }: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium was not found at ${chromePath}. Install it with "sudo apt-get install -y chromium" ` +
        '(Debian/Ubuntu) or set CHROME_PATH to a Chrome or Chromium binary.',
    );
  }
  const resolve = `${localhost ? 'MAP localhost 127.0.0.1, ' : ''}MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`;
  return chromium.launch({
    executablePath: chromePath,
    ignoreDefaultArgs: scrollbars ? ['--hide-scrollbars'] : [],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--host-resolver-rules=${resolve}`,
    ],
  });
}

/** A stand-in for the video host's thumbnail, so pages render completely without the network. */
const THUMBNAIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#1b3766"/></svg>';

export async function routeThumbnail(page: Page, thumbnailUrl: string): Promise<void> {
  await page.route(thumbnailUrl, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: THUMBNAIL_SVG }),
  );
}

/** Console messages and page errors, collected for assertions. */
export function collectConsole(page: Page): { type: string; text: string }[] {
  const messages: { type: string; text: string }[] = [];
  page.on('console', (m) => messages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => messages.push({ type: 'pageerror', text: e.message }));
  return messages;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page. It is injected through the DevTools protocol
 * (page.evaluate), which the page's CSP does not govern.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}
