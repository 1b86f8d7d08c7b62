// How the bench and the Lighthouse audit start Debian's Chromium here: no sandbox (root), no GPU,
// none of its background connections (this machine's network refuses them), and every host but
// 127.0.0.1 resolved to nothing, so no page can reach the network. tests/support/browser.ts
// starts it the same way for the browser tests (the suites do not import from bench/ or scripts/).
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
