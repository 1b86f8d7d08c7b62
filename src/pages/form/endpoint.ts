/**
 * The lead endpoint's path, in its own module because the server route, the
 * plain HTML form's action and the browser's fetch must all agree on it.
 */
export const LEAD_ENDPOINT = '/functions/v1/process-lead-notification';
