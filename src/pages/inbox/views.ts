/**
 * What the owner's pages show, as plain data: the HTTP layer fills these in
 * from the owner's reads, the pages only render them.
 */

/** Every page of a signed-in owner carries his form token (for sign-out and every action). */
export interface SignedIn {
  csrf: string;
  /** A one-line notice the action he just made left for this page ("Lead #12 is marked won."). */
  notice?: string;
}

export interface LeadListItem {
  id: number;
  name: string;
  company: string;
  email: string;
  /** The language tag of the page the lead's form was on ('pt-BR'). */
  language: string;
  createdAt: string;
  source: string;
  verdict: string;
  status: string;
}

export interface LeadListView extends SignedIn {
  leads: LeadListItem[];
  filters: { status: string; verdict: string; q: string };
  /** What each filter offers: the leads' statuses and verdicts. */
  choices: { status: readonly string[]; verdict: readonly string[] };
  /** The id to continue from for the next (older) page, when there is one. */
  olderThan?: number;
  /** True when this is not the first page. */
  paged: boolean;
  now: number;
}

export interface AlertView {
  channel: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  /** What the provider reported after sending it (an SMS's receipt): delivered, undelivered or failed. */
  delivery?: { state: string; error: string | null } | null;
}

/**
 * A lead's call on its page: booked, or cancelled (by either side) at `cancelledAt`; or, for a person who sent the
 * form again, their call still to come booked from another of their leads (`leadId`), cancelled on that lead's page.
 */
export type LeadCallView =
  | { status: 'elsewhere'; startsAt: string; endsAt: string; leadId: number }
  /** begun: its time has come (under way or over), so it can no longer be cancelled. */
  | { status: 'booked'; startsAt: string; endsAt: string; begun: boolean }
  | { status: 'cancelled'; startsAt: string; endsAt: string; cancelledAt: string; by: 'owner' | 'lead' | 'erasure' };

export interface LeadDetailView extends SignedIn {
  lead: LeadListItem & {
    verdictReasons: string;
    userAgent: string | null;
    utm: [string, string][];
    referrer: string | null;
  };
  alerts: AlertView[];
  marks: { status: string; markedAt: string; via: string }[];
  /** Held back by the filter (spam or unverified): it can be released. */
  releasable: boolean;
  now: number;
  /** The erase form's refusal, shown beside its field, with what was typed. */
  erase?: { error: string; typed: string };
  /** The lead's call, when it booked one. */
  call?: LeadCallView;
}

export interface PasskeysView extends SignedIn {
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
}

export interface SessionsView extends SignedIn {
  sessions: {
    /** How the page names the session in its forms. */
    key: string;
    device: string;
    via: 'passkey' | 'link';
    createdAt: string;
    lastSeenAt: string;
    /** The session of the browser looking at the page. */
    current: boolean;
  }[];
}

/** A page that only says something: an unknown page of the inbox, an action refused. */
export interface MessageView {
  title: string;
  message: string;
  /** Signed in: the page shows the inbox's sections. */
  csrf?: string;
}

/** The pages before sign-in. */
export type SignInView =
  /** next: the inbox page to open once signed in. */
  | { kind: 'login'; notice?: string; next?: string }
  | { kind: 'register'; token: string }
  | { kind: 'sign-in-link'; token: string }
  | { kind: 'link-refused' };

export interface SpamView extends SignedIn {
  leads: (LeadListItem & { reasons: string })[];
}

export interface PendingAlertView extends AlertView {
  leadId: number;
  leadName: string;
  nextAttemptAt: string | null;
}

export interface AlertsView extends SignedIn {
  alerts: PendingAlertView[];
}

export interface ActivityView extends SignedIn {
  entries: { id: number; at: string; action: string; detail: string; source: string }[];
}

export interface SourceFigures {
  views: number;
  leads: { verified: number; unverified: number; spam: number };
  conversion: number | null;
  medianReplyHours: number | null;
}

export interface SourcesView extends SignedIn {
  days: number;
  from: string;
  to: string;
  sources: (SourceFigures & { source: string })[];
  /** The same figures per language tag (of the page viewed, of the lead's form). */
  languages: (SourceFigures & { language: string })[];
  total: SourceFigures;
}

/** The periods the sources page offers, in days. */
export const SOURCE_PERIODS = [7, 30, 90] as const;
