/**
 * The texts of the specification (site-spec.md, sections 4 and 8) that more
 * than one suite checks, written out here rather than imported from the
 * product, so a typo in the app fails a test.
 */
export const SPEC = {
  submitIdle: 'Schedule Free Call',
  submitBusy: 'Scheduling...',
  errorTitle: 'Error',
  transportError: 'There was an error submitting your information. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  thankYouTitle: 'Thank you for your interest!',
  thankYou: "I'll get back to you within 24 hours to schedule your free setup call.",
  savedSmsMayHaveFailed:
    "Your information has been saved. SMS notification may have failed, but I'll still get back to you within 24 hours.",
} as const;

/**
 * The server's own sentences for failures the specification leaves to it
 * ("the server's error text"), as the visitor reads them.
 */
export const SERVER_ERRORS = {
  storeFailed: 'We could not save your request right now. Please try again in a few minutes.',
  crossSite: 'This form only accepts submissions made on our own website. Please use the form on the site.',
  usePost: 'Submit the form with a POST request.',
  tooLarge: 'The request is too large: it must be at most 16 KB.',
  /** For LEAD_RATE_WINDOW_MS of 600000 (ten minutes). */
  rateLimitedTenMinutes: 'Too many requests from your network. Please wait 10 minutes and try again.',
} as const;
