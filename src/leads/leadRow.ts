/**
 * A lead as the leads table (leadsTable.ts) takes it, gives it back and is asked for it: plain shapes, apart
 * from the statements so that the table's module holds the SQL and little else.
 */
import type { LeadSource } from '../sources/attribution';
import type { Verdict } from './grading';
import type { LeadStatus } from './leadStatus';

export interface NewLead {
  createdAt: string;
  name: string;
  company: string;
  email: string;
  /** The address's canonical key (src/lib/addressKey.ts). */
  emailKey: string;
  userAgent: string | null;
  ipHash: string | null;
  dedupeKey: string;
  verdict: Verdict;
  /** Comma-separated reasons of the verdict ('' when verified without doubt). */
  verdictReasons: string;
  /** The language tag of the form's page (src/contract/languages.ts): 'en', 'pt-BR', 'es'. */
  language: string;
  source: LeadSource;
}

export interface LeadRow {
  id: number;
  created_at: string;
  name: string;
  company: string;
  email: string;
  email_key: string;
  user_agent: string | null;
  ip_hash: string | null;
  dedupe_key: string;
  verdict: Verdict;
  verdict_reasons: string;
  status: LeadStatus;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer: string | null;
  /** A language tag: 'en' for every lead stored before the site spoke other languages. */
  language: string;
}

/** What the owner's inbox asks for: filters, a search text (as typed), and the page's place. */
export interface InboxQuery {
  status?: LeadStatus;
  verdict?: Verdict;
  /** Found in the name, the company or the address, in any case and without accents (storage/searchText.ts). */
  search?: string;
  /** Only leads older than this id (the next page). */
  before?: number;
  limit: number;
}
