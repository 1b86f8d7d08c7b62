/**
 * The lead endpoint's answer, as the specification defines it (section 7):
 * the browser reads `success`, `notificationResult` (truthy when the SMS alert
 * was accepted by Twilio) and `error`.
 */
export interface LeadInput {
  name: string;
  company: string;
  email: string;
}

export type LeadResponse =
  | { success: true; notificationResult: boolean }
  | { success: false; error: string };
