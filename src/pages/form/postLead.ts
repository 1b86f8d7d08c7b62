/**
 * Sends a lead to the endpoint and turns whatever happens into the toast for that outcome (messages.ts). Kept
 * free of React so every outcome can be reasoned about (and tested) in one place.
 */
import { LANGUAGE_FIELD } from '../../contract/languages';
import { HONEYPOT_FIELD, LEAD_ENDPOINT, PROOF_FIELD, type LeadInput, type LeadSourceInput } from '../../contract/lead';
import type { FormStrings } from '../../strings/en';
import { thrownErrorToast, toastForResponse, transportErrorToast, type ToastMessage } from './messages';

/** A request still unanswered after this long is treated as a transport failure, so the button never stays stuck. */
export const SUBMIT_TIMEOUT_MS = 20_000;

export interface LeadPost extends LeadInput {
  /**
   * The honeypot's value: empty for people. Sent only when a bot filled it: the server then keeps the lead as
   * spam and sends nothing.
   */
  honeypot: string;
  /** Where the visitor came from (src/pages/form/leadSource.ts): only the fields known. */
  source?: LeadSourceInput;
  /** The solved challenge (src/pages/form/proofOfWork.ts), when one was ready. */
  proof?: string;
  /** The page's language tag when it is not English (an English form sends none, as before languages). */
  language?: string;
}

export async function postLead(
  submission: LeadPost,
  say: FormStrings,
  timeoutMs = SUBMIT_TIMEOUT_MS,
): Promise<ToastMessage> {
  const { name, company, email, honeypot, source, proof, language } = submission;
  const body = {
    name,
    company,
    email,
    ...(language === undefined ? {} : { [LANGUAGE_FIELD]: language }),
    ...(honeypot === '' ? {} : { [HONEYPOT_FIELD]: honeypot }),
    ...source,
    ...(proof === undefined ? {} : { [PROOF_FIELD]: proof }),
  };
  // AbortController rather than AbortSignal.timeout(): Safari 15, in our build targets, lacks the latter.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(LEAD_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return transportErrorToast(say);
  }
  try {
    const answer = await readJsonObject(response);
    // A failed status without a JSON answer (a proxy's 502 page, say) means the function was never invoked.
    if (answer === undefined) return response.ok ? thrownErrorToast(say) : transportErrorToast(say);
    return toastForResponse(answer, say);
  } catch {
    return thrownErrorToast(say);
  } finally {
    clearTimeout(timer);
  }
}

/** The parsed body when it is a JSON object; undefined for anything else. Throws only if reading the body fails. */
async function readJsonObject(response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
