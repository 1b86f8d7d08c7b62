/**
 * Every message the form shows, word for word: the thank-you messages and the error toasts for each way a
 * submission can fail. Shared by the browser form and the page answered to a form posted without JavaScript.
 */
import type { LeadResponse } from '../../contract/lead';

export interface ToastMessage {
  variant: 'success' | 'destructive';
  title: string;
  description: string;
}

export const TRANSPORT_ERROR = 'There was an error submitting your information. Please try again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
export const THANK_YOU_TITLE = 'Thank you for your interest!';
export const THANK_YOU_MESSAGE = "I'll get back to you within 24 hours to schedule your free setup call.";
export const SAVED_SMS_MAY_HAVE_FAILED =
  "Your information has been saved. SMS notification may have failed, but I'll still get back to you within 24 hours.";

const error = (description: string): ToastMessage => ({ variant: 'destructive', title: 'Error', description });

/** The toast for an answer the server gave (a parsed JSON body). */
export function toastForResponse(response: Partial<LeadResponse> & Record<string, unknown>): ToastMessage {
  if (response.success !== true) {
    const text = typeof response.error === 'string' && response.error.trim() !== '' ? response.error : UNEXPECTED_ERROR;
    return error(text);
  }
  return {
    variant: 'success',
    title: THANK_YOU_TITLE,
    description: response.notificationResult ? THANK_YOU_MESSAGE : SAVED_SMS_MAY_HAVE_FAILED,
  };
}

/** The request never reached the server or the server could not be invoked. */
export const transportErrorToast = (): ToastMessage => error(TRANSPORT_ERROR);

/** Anything thrown while handling the answer. */
export const thrownErrorToast = (): ToastMessage => error(UNEXPECTED_ERROR);
