/**
 * The production start command (`sh bin/start-server`, what `npm start` runs after its build
 * check) on a port other than 3000, with PUBLIC_URL left unset: Chromium opens the form at
 * http://localhost:<port> and at http://127.0.0.1:<port>, and both posts are leads, because
 * the address the server listens on is the site's own origin while PUBLIC_URL is unset. With
 * PUBLIC_URL set to another origin, a production server takes posts from that origin only.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { readLeadRowsAt } from '../support/leadRows';
import { startServer, type ServerProcess } from '../support/serverProcess';
import { tempDir } from '../support/tempDirs';
import { FORM_TEXT, SERVER_ERRORS } from '../support/visitorText';
import {
  fillLead,
  hydrateForm,
  openHome,
  problems,
  sampleLead,
  submitButton,
  theToast,
  type ShownToast,
} from './leadFormHelpers';

const THUMBNAIL_URL = 'https://i.ytimg.com/vi/8fQx2bP1kLw/hqdefault.jpg';

let browser: Browser;
before(async () => {
  // The name localhost resolved too (to 127.0.0.1, so still no traffic leaves the machine).
  browser = await launchBrowser({ localhost: true });
});
after(async () => {
  await browser.close();
});

/** A production server on a free port (never 3000), with its database in a directory of its own. */
async function productionServer(
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; database: string }> {
  const dataDir = tempDir('own-origin-');
  // NODE_ENV=production, HOST=127.0.0.1 and a free PORT come from startServer; PUBLIC_URL only when given.
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', ...env } });
  assert.notEqual(server.port, 3000);
  return { server, database: join(dataDir, 'leads.db') };
}

/** Opens the home page at `origin`, fills the form in and sends it: the toast it shows. */
async function sendFrom(origin: string, tag: string): Promise<ShownToast> {
  const visit = await openHome(browser, origin, THUMBNAIL_URL);
  try {
    await hydrateForm(visit.page);
    await fillLead(visit.page, sampleLead(tag));
    await submitButton(visit.page).click();
    const toast = await theToast(visit.page);
    const unexpected = problems(visit.console).filter((m) => !/Failed to load resource/.test(m.text));
    assert.deepEqual(unexpected, [], 'no console error or warning');
    return toast;
  } finally {
    await visit.context.close();
  }
}

describe('a production server on another port, PUBLIC_URL unset', () => {
  let server: ServerProcess;
  let database: string;
  before(async () => {
    ({ server, database } = await productionServer());
  });
  after(async () => {
    await server.stop();
  });

  for (const host of ['localhost', '127.0.0.1']) {
    it(`takes the lead of the form opened at http://${host}:<port>`, async () => {
      const toast = await sendFrom(`http://${host}:${server.port}`, host);
      assert.deepEqual([toast.variant, toast.title], ['success', FORM_TEXT.thankYouTitle], toast.description);
      assert.ok(
        readLeadRowsAt(database).some((row) => row.email === sampleLead(host).email),
        'the lead is stored',
      );
    });
  }
});

describe('a production server with PUBLIC_URL set to another origin', () => {
  let server: ServerProcess;
  let database: string;
  before(async () => {
    ({ server, database } = await productionServer({ PUBLIC_URL: 'https://www.example.com' }));
  });
  after(async () => {
    await server.stop();
  });

  it('refuses the post of the form opened at http://127.0.0.1:<port>', async () => {
    const toast = await sendFrom(`http://127.0.0.1:${server.port}`, 'refused');
    assert.deepEqual(toast, {
      title: FORM_TEXT.errorTitle,
      description: SERVER_ERRORS.crossSite,
      variant: 'destructive',
    });
    assert.deepEqual(readLeadRowsAt(database), [], 'nothing stored');
  });
});
