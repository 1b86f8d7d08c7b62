/**
 * The numbers of `leads report` from known counts: per source the home-page
 * views, the leads by verdict, the conversion (verified and unverified leads
 * per view) and the median hours to the first mark; the order of the sources;
 * the totals; the same per language; and the rows the tables show.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSourceReport, languageRows, median, reportRows, type ReportInput } from '../../src/leads/sourceReport';

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
      { source: 'linkedin', language: 'en', views: 100 },
      { source: 'direct', language: 'en', views: 50 },
      { source: 'news.example.org', language: 'en', views: 20 },
    ],
    leads: [
      { source: 'linkedin', language: 'en', verdict: 'verified', leads: 2 },
      { source: 'linkedin', language: 'en', verdict: 'unverified', leads: 1 },
      { source: 'linkedin', language: 'en', verdict: 'spam', leads: 1 },
      { source: 'direct', language: 'en', verdict: 'verified', leads: 1 },
      { source: 'news.example.org', language: 'en', verdict: 'unverified', leads: 1 },
      { source: 'not known', language: 'en', verdict: 'verified', leads: 1 },
    ],
    replies: [
      { source: 'linkedin', language: 'en', ms: 2 * HOUR },
      { source: 'linkedin', language: 'en', ms: 9 * HOUR },
      { source: 'linkedin', language: 'en', ms: 4 * HOUR },
      { source: 'direct', language: 'en', ms: 1.25 * HOUR },
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
      languages: [
        {
          language: 'en',
          views: 170,
          leads: { verified: 4, unverified: 2, spam: 1 },
          conversion: 0.03529411764705882,
          medianReplyHours: 3,
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
        leads: [{ source: 'direct', language: 'en', verdict: 'verified', leads: ms.length }],
        replies: ms.map((m) => ({ source: 'direct', language: 'en', ms: m })),
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
        { source: 'zeta', language: 'en', views: 10 },
        { source: 'spammy', language: 'en', views: 10 },
        { source: 'beta', language: 'en', views: 10 },
        { source: 'alpha', language: 'en', views: 10 },
        { source: 'mixed', language: 'en', views: 10 },
        { source: 'big', language: 'en', views: 11 },
      ],
      leads: [
        { source: 'spammy', language: 'en', verdict: 'spam', leads: 9 },
        { source: 'zeta', language: 'en', verdict: 'verified', leads: 2 },
        { source: 'mixed', language: 'en', verdict: 'verified', leads: 1 },
        { source: 'mixed', language: 'en', verdict: 'unverified', leads: 3 },
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
        { source: 'zz-forms', language: 'en', views: 10 },
        { source: 'aa-ads', language: 'en', views: 10 },
      ],
      leads: [
        { source: 'zz-forms', language: 'en', verdict: 'unverified', leads: 2 },
        { source: 'aa-ads', language: 'en', verdict: 'verified', leads: 1 },
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
      languages: [],
      total: { views: 0, leads: { verified: 0, unverified: 0, spam: 0 }, conversion: null, medianReplyHours: null },
    });
  });
});

describe('the report per language', () => {
  const input: ReportInput = {
    ...window,
    views: [
      { source: 'linkedin', language: 'es', views: 40 },
      { source: 'linkedin', language: 'en', views: 100 },
      { source: 'direct', language: 'pt-BR', views: 25 },
      { source: 'direct', language: 'en', views: 50 },
    ],
    leads: [
      { source: 'linkedin', language: 'en', verdict: 'verified', leads: 3 },
      { source: 'linkedin', language: 'es', verdict: 'verified', leads: 1 },
      { source: 'linkedin', language: 'es', verdict: 'spam', leads: 2 },
      { source: 'direct', language: 'pt-BR', verdict: 'unverified', leads: 1 },
      { source: 'not known', language: 'fr', verdict: 'verified', leads: 1 },
    ],
    replies: [
      { source: 'linkedin', language: 'en', ms: 2 * HOUR },
      { source: 'linkedin', language: 'en', ms: 6 * HOUR },
      { source: 'linkedin', language: 'es', ms: 30 * HOUR },
    ],
  };

  it('adds up each language across sources: en, pt-BR, es in that order, then any other tag', () => {
    const report = buildSourceReport(input);
    assert.deepEqual(report.languages, [
      {
        language: 'en',
        views: 150,
        leads: { verified: 3, unverified: 0, spam: 0 },
        conversion: 0.02,
        medianReplyHours: 4,
      },
      {
        language: 'pt-BR',
        views: 25,
        leads: { verified: 0, unverified: 1, spam: 0 },
        conversion: 0.04,
        medianReplyHours: null,
      },
      {
        language: 'es',
        views: 40,
        leads: { verified: 1, unverified: 0, spam: 2 },
        conversion: 0.025,
        medianReplyHours: 30,
      },
      {
        language: 'fr',
        views: 0,
        leads: { verified: 1, unverified: 0, spam: 0 },
        conversion: null,
        medianReplyHours: null,
      },
    ]);
  });

  it('keeps the sources and the totals whatever the languages', () => {
    const report = buildSourceReport(input);
    assert.deepEqual(
      report.sources.map((s) => [s.source, s.views, s.leads]),
      [
        ['linkedin', 140, { verified: 4, unverified: 0, spam: 2 }],
        ['direct', 75, { verified: 0, unverified: 1, spam: 0 }],
        ['not known', 0, { verified: 1, unverified: 0, spam: 0 }],
      ],
    );
    assert.equal(report.total.views, 215);
    assert.deepEqual(report.total.leads, { verified: 5, unverified: 1, spam: 2 });
  });

  it('writes one row per language, as the source rows are written', () => {
    assert.deepEqual(languageRows(buildSourceReport(input)), [
      {
        language: 'en',
        views: '150',
        verified: '3',
        unverified: '0',
        spam: '0',
        conversion: '2.0%',
        median_reply: '4.0 h',
      },
      {
        language: 'pt-BR',
        views: '25',
        verified: '0',
        unverified: '1',
        spam: '0',
        conversion: '4.0%',
        median_reply: '-',
      },
      {
        language: 'es',
        views: '40',
        verified: '1',
        unverified: '0',
        spam: '2',
        conversion: '2.5%',
        median_reply: '30.0 h',
      },
      { language: 'fr', views: '0', verified: '1', unverified: '0', spam: '0', conversion: '-', median_reply: '-' },
    ]);
  });
});

describe('reportRows', () => {
  it('writes one row per source and the TOTAL row: counts, conversion in percent, median reply in hours, - for none', () => {
    const report = buildSourceReport({
      ...window,
      views: [
        { source: 'linkedin', language: 'en', views: 300 },
        { source: 'direct', language: 'en', views: 40 },
      ],
      leads: [
        { source: 'linkedin', language: 'en', verdict: 'verified', leads: 1 },
        { source: 'linkedin', language: 'en', verdict: 'spam', leads: 2 },
        { source: 'direct', language: 'en', verdict: 'unverified', leads: 2 },
      ],
      replies: [{ source: 'linkedin', language: 'en', ms: 26 * HOUR }],
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
      leads: [{ source: 'not known', language: 'en', verdict: 'verified', leads: 1 }],
      replies: [{ source: 'not known', language: 'en', ms: 2.5 * HOUR }],
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
