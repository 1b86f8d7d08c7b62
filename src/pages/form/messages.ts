/**
 * Every message the form shows, in the page's language (src/strings): the thank-you messages and the error toasts
 * for each way a submission can fail. Shared by the browser form and the page answered to a form posted without
 * JavaScript.
 */
import { BOOKING_PATH_PATTERN } from '../../contract/booking';
import type { LeadResponse } from '../../contract/lead';
import type { FormStrings } from '../../strings/en';

export interface ToastMessage {
  variant: 'success' | 'destructive';
  title: string;
  description: string;
  /** A lead that may book its call now: its booking page's path, where the form's panel reads the free times. */
  bookingPath?: string;
}

const error = (say: FormStrings, description: string): ToastMessage => ({
  variant: 'destructive',
  title: say.errorTitle,
  description,
});

/** The toast for an answer the server gave (a parsed JSON body); its error sentence is already in the language. */
export function toastForResponse(
  response: Partial<LeadResponse> & Record<string, unknown>,
  say: FormStrings,
): ToastMessage {
  if (response.success !== true) {
    const text = typeof response.error === 'string' && response.error.trim() !== '' ? response.error : undefined;
    return error(say, text ?? say.unexpectedError);
  }
  const toast: ToastMessage = {
    variant: 'success',
    title: say.thankYouTitle,
    description: response.notificationResult ? say.thankYou : say.savedSmsMayHaveFailed,
  };
  const path = bookingPathOf(response.bookingUrl);
  return path === undefined ? toast : { ...toast, bookingPath: path };
}

/** The path of the booking page the server named (on this site: only a path of /book/ or /xx/book/ is taken). */
function bookingPathOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const path = /^https?:\/\/[^/]+(\/.*)$/.exec(url)?.[1];
  return path !== undefined && BOOKING_PATH_PATTERN.test(path) ? path : undefined;
}

/** The request never reached the server or the server could not be invoked. */
export const transportErrorToast = (say: FormStrings): ToastMessage => error(say, say.transportError);

/** Anything thrown while handling the answer. */
export const thrownErrorToast = (say: FormStrings): ToastMessage => error(say, say.unexpectedError);
