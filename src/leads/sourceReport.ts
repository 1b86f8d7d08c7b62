/**
 * The source report of `leads report` and the inbox's sources page: per source, and per language, the home-page
 * views, the leads by verdict, the conversion rate and the median time from a lead's arrival to the owner's first
 * mark; and the totals. readSourceReport reads the counts; the rest is pure: it puts them together and writes
 * table rows.
 */
import { LANGUAGE_TAGS, SITE_LANGUAGES } from '../contract/languages';
import type { PageViewsTable } from '../sources/pageViewsTable';
import { DAY_MS, HOUR_MS } from '../lib/time';
import type { Verdict } from './grading';
import type { LeadMarksTable } from './leadMarksTable';
import type { LeadsTable } from './leadsTable';

/** The figures of one line of the report: a source's, a language's, or all leads' (the totals). */
export interface ReportFigures {
  views: number;
  leads: Record<Verdict, number>;
  /** (verified + unverified) / views; null without views. */
  conversion: number | null;
  /** Median hours from arrival to the first mark (contacted, won or lost); null when none was marked. */
  medianReplyHours: number | null;
}

export type SourceLine = ReportFigures & { source: string };
/** `language`: a language tag ('pt-BR'), of the page viewed or of the lead's form. */
export type LanguageLine = ReportFigures & { language: string };

export interface SourceReport {
  from: string;
  to: string;
  days: number;
  sources: SourceLine[];
  languages: LanguageLine[];
  total: ReportFigures;
}

/** What a count is counted under: every view, lead and reply has a source and a language. */
type Counted = { source: string; language: string };

export type ReportInput = Pick<SourceReport, 'from' | 'to' | 'days'> & {
  views: (Counted & { views: number })[];
  leads: (Counted & { verdict: Verdict; leads: number })[];
  /** Milliseconds from each marked lead's arrival to its first mark. */
  replies: (Counted & { ms: number })[];
};

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The languages the site speaks first, in their usual order; any other tag (a row written by hand) after them. */
const TAG_ORDER: readonly string[] = SITE_LANGUAGES.map((language) => LANGUAGE_TAGS[language]);
const tagRank = (tag: string) => (TAG_ORDER.includes(tag) ? TAG_ORDER.indexOf(tag) : TAG_ORDER.length);

export function buildSourceReport({ from, to, days, views, leads, replies }: ReportInput): SourceReport {
  /** The figures of the counts `keep` picks: one source's, one language's, or all. */
  const figures = (keep: (row: Counted) => boolean): ReportFigures => {
    const viewCount = views.filter(keep).reduce((sum, v) => sum + v.views, 0);
    const counts: Record<Verdict, number> = { verified: 0, unverified: 0, spam: 0 };
    for (const l of leads.filter(keep)) counts[l.verdict] += l.leads;
    const ms = median(replies.filter(keep).map((r) => r.ms));
    return {
      views: viewCount,
      leads: counts,
      conversion: viewCount === 0 ? null : (counts.verified + counts.unverified) / viewCount,
      medianReplyHours: ms === null ? null : Math.round((ms / HOUR_MS) * 10) / 10,
    };
  };
  const notSpam = (l: ReportFigures) => l.leads.verified + l.leads.unverified;
  const sources = [...new Set([...views, ...leads].map((r) => r.source))]
    .map((source) => ({ source, ...figures((r) => r.source === source) }))
    .sort((a, b) => b.views - a.views || notSpam(b) - notSpam(a) || a.source.localeCompare(b.source));
  // In a fixed order, not by views: three lines read best in the same place from one period to the next.
  const languages = [...new Set([...views, ...leads].map((r) => r.language))]
    .map((language) => ({ language, ...figures((r) => r.language === language) }))
    .sort((a, b) => tagRank(a.language) - tagRank(b.language) || a.language.localeCompare(b.language));
  return { from, to, days, sources, languages, total: figures(() => true) };
}

/** The report of the `days` days up to `now`, from the tables. */
export function readSourceReport(
  tables: { leads: LeadsTable; marks: LeadMarksTable; pageViews: PageViewsTable },
  days: number,
  now: number,
): SourceReport {
  const since = new Date(now - days * DAY_MS).toISOString();
  return buildSourceReport({
    from: since.slice(0, 10),
    to: new Date(now).toISOString().slice(0, 10),
    days,
    views: tables.pageViews.countsSince(since.slice(0, 10)),
    leads: tables.leads.perSourceSince(since),
    replies: tables.marks.firstAnswersSince(since),
  });
}

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);
const hours = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)} h`);

/** A line's figures as the table's cells: counts, conversion in percent, median reply in hours, - for none. */
const cells = (l: ReportFigures) => ({
  views: String(l.views),
  verified: String(l.leads.verified),
  unverified: String(l.leads.unverified),
  spam: String(l.leads.spam),
  conversion: percent(l.conversion),
  median_reply: hours(l.medianReplyHours),
});

/** The report as an aligned table (sources are untrusted text: the caller's table writer flattens them). */
export function reportRows(report: SourceReport): Record<string, string>[] {
  const row = (source: string, l: ReportFigures) => ({ source, ...cells(l) });
  // Upper case: source keys are lower-cased, so no source can be mistaken for the totals.
  return [...report.sources.map((s) => row(s.source, s)), row('TOTAL', report.total)];
}

/** The report per language, a row a language tag; its totals are those of reportRows. */
export function languageRows(report: SourceReport): Record<string, string>[] {
  return report.languages.map((l) => ({ language: l.language, ...cells(l) }));
}
