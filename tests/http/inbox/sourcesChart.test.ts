/**
 * The chart of leads per source on /owner/sources, in Chromium with its
 * scripts off (the page is drawn on the server): its names, totals, title and
 * legend are as large as the table's figures beside it, on a 360 px phone and
 * on a 1440 px desktop alike; it fits the phone's width; each bar's length
 * follows its source's total.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { leadSitesPerTest } from '../../support/leadSite';
import { newLeadRow } from '../../support/newLeadRow';
import { browserPerFile, createPasskey, ownerDevice } from '../../support/ownerBrowser';

const browser = browserPerFile();
const site = leadSitesPerTest();
const LONG_SOURCE = 'partner-newsletter-of-a-very-long-name-2026';

/** The sizes a reader sees: computed font sizes, and the height of the glyphs' box as drawn. */
function measure(page: Page) {
  // No function is named inside: tsx would wrap it in a helper the page does not have.
  return page.evaluate(() => {
    const cell = document.querySelector('.owner-table tbody td') as Element;
    const chart = document.querySelector('.owner-chart') as Element;
    const chartText = [
      ...document.querySelectorAll(
        '.owner-chart-title, .owner-chart-label, .owner-chart-total, .owner-chart-legend li',
      ),
    ];
    const [cellDrawn, ...chartDrawn] = [cell, ...chartText].map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.round(range.getBoundingClientRect().height * 10) / 10;
    });
    return {
      cellSize: getComputedStyle(cell).fontSize,
      cellDrawn,
      chartSizes: [...new Set(chartText.map((el) => getComputedStyle(el).fontSize))],
      chartDrawn: [...new Set(chartDrawn)],
      legend: [...document.querySelectorAll('.owner-chart-legend li')].map((el) => el.textContent),
      bars: [...document.querySelectorAll('.owner-chart-row')].map((row) => ({
        label: row.querySelector('.owner-chart-label')?.textContent,
        total: row.querySelector('.owner-chart-total')?.textContent,
        length: [...row.querySelectorAll('rect')].reduce((sum, r) => sum + r.getBoundingClientRect().width, 0),
        track: row.querySelector('svg')?.getBoundingClientRect().width ?? 0,
      })),
      chartRight: chart.getBoundingClientRect().right,
      sideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

describe('the sources chart', () => {
  it('shows its text at the size of the table beside it, from 360 to 1440 px, and fits the phone', async () => {
    const s = await site({ localhostOrigin: true });
    const origin = s.config.publicUrl;
    const seeds: [string, 'verified' | 'unverified' | 'spam'][] = [
      ['linkedin', 'verified'],
      ['linkedin', 'verified'],
      ['linkedin', 'unverified'],
      ['linkedin', 'spam'],
      ['podcast', 'verified'],
      ['podcast', 'unverified'],
      [LONG_SOURCE, 'verified'],
    ];
    seeds.forEach(([source, verdict], i) => {
      s.services.leads.insert(
        newLeadRow({
          createdAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
          verdict,
          dedupeKey: `k${i}`,
          source: { ...newLeadRow().source, utm_source: source },
        }),
      );
    });
    const device = await ownerDevice(browser());
    await createPasskey(device.page, s.services.owner.links.create('register').url, 'Phone');
    await device.page.waitForURL(`${origin}/owner`);
    // The signed-in owner, scripts off: what the server drew is all there is.
    const noScript = await browser().newContext({ javaScriptEnabled: false });
    try {
      await noScript.addCookies(await device.context.cookies());
      const page = await noScript.newPage();
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${origin}/owner/sources`);
        const m = await measure(page);
        const size = Number.parseFloat(m.cellSize);
        assert.ok(size >= 14 && size <= 16, `${width} px: the table's figures at ${m.cellSize}, the page's text size`);
        assert.deepEqual(m.chartSizes, [m.cellSize], `${width} px: the chart's text at the table's size`);
        assert.deepEqual(m.chartDrawn, [m.cellDrawn], `${width} px: drawn as tall as the table's figures`);
        assert.deepEqual(m.legend, ['verified', 'unverified', 'spam']);
        assert.deepEqual(
          m.bars.map((b) => [b.label, b.total]),
          [
            ['linkedin', '4'],
            ['podcast', '2'],
            [LONG_SOURCE, '1'],
          ],
        );
        const [linkedin, podcast, long] = m.bars.map((b) => b.length / (m.bars[0]?.track ?? 1));
        assert.ok(Math.abs((linkedin ?? 0) - 1) < 0.01, `${width} px: the largest total fills its track`);
        assert.ok(Math.abs((podcast ?? 0) - 0.5) < 0.01, `${width} px: half the total, half the length`);
        assert.ok(Math.abs((long ?? 0) - 0.25) < 0.01, `${width} px: a quarter of the total, a quarter`);
        assert.ok(m.chartRight <= width, `${width} px: the chart ends at ${m.chartRight} px`);
        assert.equal(m.sideways, false, `${width} px: the page does not scroll sideways`);
      }
    } finally {
      await noScript.close();
      await device.close();
    }
  });
});
