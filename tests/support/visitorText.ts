/**
 * What the lead form says to a visitor (the submit button's two labels, the
 * toasts, the result page of a form posted without JavaScript), as more than
 * one suite checks it: written out here rather than imported from the product
 * (src/pages/form/), so a typo in the app fails a test.
 */
export const FORM_TEXT = {
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
 * The lead endpoint's own sentences for its failures (the `error` of its JSON
 * answer, shown in the form's error toast), as the visitor reads them.
 */
export const SERVER_ERRORS = {
  storeFailed: 'We could not save your request right now. Please try again in a few minutes.',
  crossSite: 'This form only accepts submissions made on our own website. Please use the form on the site.',
  usePost: 'Submit the form with a POST request.',
  tooLarge: 'The request is too large: it must be at most 16 KB.',
  /** For LEAD_RATE_WINDOW_MS of 600000 (ten minutes). */
  rateLimitedTenMinutes: 'Too many requests from your network. Please wait 10 minutes and try again.',
} as const;
