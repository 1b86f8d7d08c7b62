/**
 * The source report of `leads report` and the inbox's sources page: per source, the home-page views, the leads by
 * verdict, the conversion rate and the median time from a lead's arrival to the owner's first mark; and the
 * totals. readSourceReport reads the counts; the rest is pure: it puts them together and writes table rows.
 */
import type { PageViewsTable } from '../sources/pageViewsTable';
import { DAY_MS, HOUR_MS } from '../lib/time';
import type { Verdict } from './grading';
import type { LeadMarksTable } from './leadMarksTable';
import type { LeadsTable } from './leadsTable';

export interface SourceLine {
  source: string;
  views: number;
  leads: Record<Verdict, number>;
  /** (verified + unverified) / views; null without views. */
  conversion: number | null;
  /** Median hours from arrival to the first mark (contacted, won or lost); null when none was marked. */
  medianReplyHours: number | null;
}

export interface SourceReport {
  from: string;
  to: string;
  days: number;
  sources: SourceLine[];
  total: Omit<SourceLine, 'source'>;
}

export type ReportInput = Pick<SourceReport, 'from' | 'to' | 'days'> & {
  views: { source: string; views: number }[];
  leads: { source: string; verdict: Verdict; leads: number }[];
  /** Milliseconds from each marked lead's arrival to its first mark, by source. */
  replies: { source: string; ms: number }[];
};

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function buildSourceReport({ from, to, days, views, leads, replies }: ReportInput): SourceReport {
  /** The line of one source, or of all (the totals). */
  const line = (source?: string): Omit<SourceLine, 'source'> => {
    const ofSource = <T extends { source: string }>(rows: T[]) =>
      rows.filter((r) => source === undefined || r.source === source);
    const viewCount = ofSource(views).reduce((sum, v) => sum + v.views, 0);
    const counts: Record<Verdict, number> = { verified: 0, unverified: 0, spam: 0 };
    for (const l of ofSource(leads)) counts[l.verdict] += l.leads;
    const ms = median(ofSource(replies).map((r) => r.ms));
    return {
      views: viewCount,
      leads: counts,
      conversion: viewCount === 0 ? null : (counts.verified + counts.unverified) / viewCount,
      medianReplyHours: ms === null ? null : Math.round((ms / HOUR_MS) * 10) / 10,
    };
  };
  const notSpam = (l: SourceLine) => l.leads.verified + l.leads.unverified;
  const sources = [...new Set([...views, ...leads].map((r) => r.source))]
    .map((source) => ({ source, ...line(source) }))
    .sort((a, b) => b.views - a.views || notSpam(b) - notSpam(a) || a.source.localeCompare(b.source));
  return { from, to, days, sources, total: line() };
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
    views: tables.pageViews.perSourceSince(since.slice(0, 10)),
    leads: tables.leads.perSourceSince(since),
    replies: tables.marks.firstAnswersSince(since),
  });
}

const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);
const hours = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)} h`);

/** The report as an aligned table (sources are untrusted text: the caller's table writer flattens them). */
export function reportRows(report: SourceReport): Record<string, string>[] {
  const row = (source: string, l: Omit<SourceLine, 'source'>) => ({
    source,
    views: String(l.views),
    verified: String(l.leads.verified),
    unverified: String(l.leads.unverified),
    spam: String(l.leads.spam),
    conversion: percent(l.conversion),
    median_reply: hours(l.medianReplyHours),
  });
  // Upper case: source keys are lower-cased, so no source can be mistaken for the totals.
  return [...report.sources.map((s) => row(s.source, s)), row('TOTAL', report.total)];
}
