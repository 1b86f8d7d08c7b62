/**
 * What the layout-shift tests need beyond the shared browser helpers: Chromium with its scrollbars
 * shown, a recorder of the page's layout shifts from its first frame on, and a 127.0.0.1 front of
 * the site that holds back the rest of the home page's HTML, so a partial first paint is staged
 * deterministically instead of left to the timing of a busy machine.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { gate } from './leadFormHelpers';

/** Chromium with its scrollbars shown, as on Windows and desktop Linux: one that appears late narrows the page. */
export const launchWithScrollbars = (): Promise<Browser> => launchBrowser({ scrollbars: true });

export interface Shift {
  value: number;
  /** The elements Chromium names as moved, with their position before and after. */
  moved: string[];
}

type Entry = {
  value: number;
  sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};

/**
 * Records every layout shift of the page from its first frame on; call the result for the shifts so
 * far. The init script declares no named function: tsx would wrap it in a helper the page lacks.
 */
export async function recordShifts(page: Page): Promise<() => Promise<Shift[]>> {
  await page.addInitScript(() => {
    const seen: Shift[] = [];
    const state = window as unknown as { layoutShifts: Shift[]; observingShifts: boolean };
    state.layoutShifts = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[]) {
        const moved = (entry.sources ?? []).map(
          (s) =>
            `${s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}` : String(s.node?.nodeName)} ` +
            `(${Math.round(s.previousRect.x)},${Math.round(s.previousRect.y)}) -> (${Math.round(s.currentRect.x)},${Math.round(s.currentRect.y)})`,
        );
        seen.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    state.observingShifts = true;
  });
  return async () => {
    // Two frames, so the last change's shift has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { observing, shifts } = await page.evaluate(() => {
      const state = window as unknown as { layoutShifts: Shift[]; observingShifts?: boolean };
      return { observing: state.observingShifts === true, shifts: state.layoutShifts };
    });
    assert.ok(observing, 'the layout-shift observer runs in the page');
    return shifts;
  };
}

export function assertNoShift(shifts: Shift[]): void {
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  assert.ok(total < 0.001, `cumulative layout shift ${total.toFixed(4)}: ${JSON.stringify(shifts)}`);
}

const HOP_BY_HOP = ['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'];

/**
 * A 127.0.0.1 front of `siteUrl` that sends the home page's HTML up to the offset `cut` finds in it
 * at once and the rest only on `release()`; every other GET passes through unchanged.
 */
export async function holdingProxy(
  siteUrl: string,
  cut: (html: string) => number,
): Promise<{ url: string; release: () => void; close: () => Promise<void> }> {
  const held = gate();
  const server = createServer(async (req, res) => {
    const upstream = await fetch(`${siteUrl}${req.url}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(
      upstream.status,
      Object.fromEntries([...upstream.headers].filter(([name]) => !HOP_BY_HOP.includes(name))),
    );
    if (req.url !== '/') return void res.end(body);
    const html = body.toString('utf8');
    const at = cut(html);
    assert.ok(at > 0 && at < html.length, `the cut falls inside the page (at ${at})`);
    res.write(html.slice(0, at));
    await held.wait;
    res.end(html.slice(at));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: held.release,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
