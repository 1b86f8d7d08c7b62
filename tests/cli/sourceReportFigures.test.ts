/**
 * The numbers of `leads report` from known counts: per source the home-page
 * views, the leads by verdict, the conversion (verified and unverified leads
 * per view) and the median hours to the first mark; the order of the sources;
 * the totals; and the rows the table shows.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSourceReport, median, reportRows, type ReportInput } from '../../src/leads/sourceReport';

const HOUR = 3_600_000;
const window = { from: '2026-10-26', to: '2026-11-25', days: 30 };

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, in numeric order', () => {
    assert.equal(median([]), null);
    assert.equal(median([7]), 7);
    assert.equal(median([30, 10, 20]), 20);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(
      median([9_000_000, 36_000_000, 10_800_000]),
      10_800_000,
      'not in text order, where 9000000 sorts last',
    );
    assert.equal(median([100, 9, 10, 1000]), 55);
  });
});

describe('buildSourceReport', () => {
  const input: ReportInput = {
    ...window,
    views: [
      { source: 'linkedin', views: 100 },
      { source: 'direct', views: 50 },
      { source: 'news.example.org', views: 20 },
    ],
    leads: [
      { source: 'linkedin', verdict: 'verified', leads: 2 },
      { source: 'linkedin', verdict: 'unverified', leads: 1 },
      { source: 'linkedin', verdict: 'spam', leads: 1 },
      { source: 'direct', verdict: 'verified', leads: 1 },
      { source: 'news.example.org', verdict: 'unverified', leads: 1 },
      { source: 'not known', verdict: 'verified', leads: 1 },
    ],
    replies: [
      { source: 'linkedin', ms: 2 * HOUR },
      { source: 'linkedin', ms: 9 * HOUR },
      { source: 'linkedin', ms: 4 * HOUR },
      { source: 'direct', ms: 1.25 * HOUR },
    ],
  };

  it('adds up each source: views, leads by verdict, conversion and median reply hours', () => {
    const report = buildSourceReport(input);
    assert.deepEqual(report, {
      ...window,
      sources: [
        {
          source: 'linkedin',
          views: 100,
          leads: { verified: 2, unverified: 1, spam: 1 },
          conversion: 0.03,
          medianReplyHours: 4,
        },
        {
          source: 'direct',
          views: 50,
          leads: { verified: 1, unverified: 0, spam: 0 },
          conversion: 0.02,
          medianReplyHours: 1.3,
        },
        {
          source: 'news.example.org',
          views: 20,
          leads: { verified: 0, unverified: 1, spam: 0 },
          conversion: 0.05,
          medianReplyHours: null,
        },
        {
          source: 'not known',
          views: 0,
          leads: { verified: 1, unverified: 0, spam: 0 },
          conversion: null,
          medianReplyHours: null,
        },
      ],
      total: {
        views: 170,
        leads: { verified: 4, unverified: 2, spam: 1 },
        conversion: 0.03529411764705882,
        medianReplyHours: 3,
      }, // 6 / 170
    });
  });

  it('rounds the median reply time to a tenth of an hour', () => {
    const hoursFor = (ms: number[]) =>
      buildSourceReport({
        ...window,
        views: [],
        leads: [{ source: 'direct', verdict: 'verified', leads: ms.length }],
        replies: ms.map((m) => ({ source: 'direct', ms: m })),
      }).total.medianReplyHours;
    assert.equal(hoursFor([90 * 60_000]), 1.5);
    assert.equal(hoursFor([100 * 60_000]), 1.7);
    assert.equal(hoursFor([26 * 60 * 60_000 + 2 * 60_000]), 26);
    assert.equal(hoursFor([60_000, 2 * 60_000]), 0);
  });

  it('lists the sources by views, then by verified and unverified leads (spam does not count), then by name', () => {
    const report = buildSourceReport({
      ...window,
      views: [
        { source: 'zeta', views: 10 },
        { source: 'spammy', views: 10 },
        { source: 'beta', views: 10 },
        { source: 'alpha', views: 10 },
        { source: 'mixed', views: 10 },
        { source: 'big', views: 11 },
      ],
      leads: [
        { source: 'spammy', verdict: 'spam', leads: 9 },
        { source: 'zeta', verdict: 'verified', leads: 2 },
        { source: 'mixed', verdict: 'verified', leads: 1 },
        { source: 'mixed', verdict: 'unverified', leads: 3 },
      ],
      replies: [],
    });
    assert.deepEqual(
      report.sources.map((s) => s.source),
      ['big', 'mixed', 'zeta', 'alpha', 'beta', 'spammy'],
    );
  });

  it('counts unverified leads like verified ones when ordering sources with equal views', () => {
    const report = buildSourceReport({
      ...window,
      views: [
        { source: 'zz-forms', views: 10 },
        { source: 'aa-ads', views: 10 },
      ],
      leads: [
        { source: 'zz-forms', verdict: 'unverified', leads: 2 },
        { source: 'aa-ads', verdict: 'verified', leads: 1 },
      ],
      replies: [],
    });
    assert.deepEqual(
      report.sources.map((s) => s.source),
      ['zz-forms', 'aa-ads'],
    );
  });

  it('with nothing counted, reports zeros and no rates', () => {
    assert.deepEqual(buildSourceReport({ ...window, views: [], leads: [], replies: [] }), {
      ...window,
      sources: [],
      total: { views: 0, leads: { verified: 0, unverified: 0, spam: 0 }, conversion: null, medianReplyHours: null },
    });
  });
});

describe('reportRows', () => {
  it('writes one row per source and the TOTAL row: counts, conversion in percent, median reply in hours, - for none', () => {
    const report = buildSourceReport({
      ...window,
      views: [
        { source: 'linkedin', views: 300 },
        { source: 'direct', views: 40 },
      ],
      leads: [
        { source: 'linkedin', verdict: 'verified', leads: 1 },
        { source: 'linkedin', verdict: 'spam', leads: 2 },
        { source: 'direct', verdict: 'unverified', leads: 2 },
      ],
      replies: [{ source: 'linkedin', ms: 26 * HOUR }],
    });
    assert.deepEqual(reportRows(report), [
      {
        source: 'linkedin',
        views: '300',
        verified: '1',
        unverified: '0',
        spam: '2',
        conversion: '0.3%',
        median_reply: '26.0 h',
      },
      {
        source: 'direct',
        views: '40',
        verified: '0',
        unverified: '2',
        spam: '0',
        conversion: '5.0%',
        median_reply: '-',
      },
      {
        source: 'TOTAL',
        views: '340',
        verified: '1',
        unverified: '2',
        spam: '2',
        conversion: '0.9%',
        median_reply: '26.0 h',
      },
    ]);
  });

  it('writes - for the conversion of a source without views', () => {
    const report = buildSourceReport({
      ...window,
      views: [],
      leads: [{ source: 'not known', verdict: 'verified', leads: 1 }],
      replies: [{ source: 'not known', ms: 2.5 * HOUR }],
    });
    assert.deepEqual(reportRows(report), [
      {
        source: 'not known',
        views: '0',
        verified: '1',
        unverified: '0',
        spam: '0',
        conversion: '-',
        median_reply: '2.5 h',
      },
      {
        source: 'TOTAL',
        views: '0',
        verified: '1',
        unverified: '0',
        spam: '0',
        conversion: '-',
        median_reply: '2.5 h',
      },
    ]);
  });
});
