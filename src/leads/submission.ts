/**
 * A submission on its way into the leads table: who sent it (as far as the server can tell), what passed the
 * checks, and the row it is stored as once graded.
 */
import { LANGUAGE_TAGS, type SiteLanguage } from '../contract/languages';
import type { LeadInput } from '../contract/lead';
import { leadSourceOf } from '../sources/attribution';
import type { IpHasher } from '../storage/ipHash';
import type { ProofCheck } from './altchaChallenges';
import type { NewLead } from './leadRow';

/** Who sent the submission, as far as the server can tell. */
export interface Submitter {
  ip: string | undefined;
  userAgent: string | undefined;
  /** The post's Referer header: for a form without JavaScript, our page with its campaign parameters. */
  referer?: string | undefined;
  /** Sent as JSON (by the form's script, or a client of the endpoint) rather than as a plain form. */
  isJson?: boolean;
  /** The language of the form's page (HTTP reads it from the body against the languages offered); default English. */
  language?: SiteLanguage;
}

/** A submission that passed validation and the proof check, on its way into the database. */
export interface CheckedSubmission {
  body: Record<string, unknown>;
  lead: LeadInput;
  key: string;
  from: Submitter;
  honeypot: boolean;
  proof: ProofCheck;
}

const MAX_USER_AGENT = 512;

/** The row a graded submission is stored as. */
export function newLeadOf(
  { body, lead, key, from }: CheckedSubmission,
  graded: Pick<NewLead, 'createdAt' | 'emailKey' | 'verdict' | 'verdictReasons'>,
  deps: { hashIp: IpHasher; ownHost: string },
): NewLead {
  return {
    ...lead,
    ...graded,
    userAgent: from.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    ipHash: deps.hashIp(from.ip),
    dedupeKey: key,
    // The tag, as the owner reads it in his alerts and exports ('pt-BR'), not the page's short code ('pt').
    language: LANGUAGE_TAGS[from.language ?? 'en'],
    source: leadSourceOf(body, { referer: from.referer, isJson: from.isJson === true }, deps.ownHost),
  };
}
