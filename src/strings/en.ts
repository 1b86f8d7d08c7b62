/**
 * The product's own words in English: everything on the page, in the form and in the lead endpoint's answers that
 * is not the owner's content. The form's and the answers' English strings are fixed word for word (tests assert
 * them), so change them only on purpose. pt.ts and es.ts have every key of this file (the type
 * says so, and tests/strings checks that none is left empty).
 */

import { CHANGE_CUTOFF_HOURS } from '../contract/booking';

/** The page around the content: navigation, switcher, footer, the not-found page, screen-reader texts. */
export const site = {
  skipLink: 'Skip to main content',
  mainNav: 'Main',
  navServices: 'Services',
  navAbout: 'About',
  navPublications: 'Publications',
  bookCall: 'Book a free call',
  languages: 'Language',
  newTab: '(opens in a new tab)',
  heroGraphic: 'A globe with sales routes linking the USA, Europe, India and LATAM',
  /** The globe's market labels: USA, Europe, India, LATAM. */
  globeMarkets: ['USA', 'Europe', 'India', 'LATAM'],
  /** The country named beside a publication's flag. */
  countries: { BR: 'Brazil', US: 'USA', RU: 'Russia' },
  /** In parts (the page renders each as a text node of its own, as it always has). */
  copyright: (year: number, name: string) => ['© ', year, ' ', name, '. All rights reserved.'],
  /** The line under the form: what the details are for, how long they are kept, whom to ask. */
  privacyNote: (email: string, days: string | null) =>
    `I use your details only to reply about your call; they are ${days === null ? 'kept until you ask me to delete them' : `deleted after ${days} days, or after the call you book here if that is later`}. To see or delete them, write to ${email}.`,
  notFoundTitle: 'Page not found',
  notFound: 'Oops! Page not found',
  returnHome: 'Return to Home',
};

/** The form, its toasts and the answer page of a form posted without JavaScript. */
export const form = {
  title: 'Get Free Setup Call',
  name: 'Name *',
  company: 'Company *',
  email: 'Email *',
  namePlaceholder: 'Your full name',
  companyPlaceholder: 'Your company name',
  submit: 'Schedule Free Call',
  submitting: 'Scheduling...',
  errorTitle: 'Error',
  transportError: 'There was an error submitting your information. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  thankYouTitle: 'Thank you for your interest!',
  thankYou: "I'll get back to you within 24 hours to schedule your free setup call.",
  savedSmsMayHaveFailed:
    "Your information has been saved. SMS notification may have failed, but I'll still get back to you within 24 hours.",
  notifications: 'Notifications',
  dismiss: 'Dismiss notification',
  pickTitle: 'Pick a time for the call',
  timesIn: (zone: string) => `Times in ${zone}.`,
  changeZone: 'Change the time zone',
  noSlots: 'No time is free in the coming days. I will reply by e-mail to find one.',
  unavailable: 'The calendar cannot be read right now. I will reply by e-mail to find a time.',
  loadingSlots: 'Loading the free times...',
  bookedAlready: (when: string) => `You already have a call booked: ${when}. To move it, pick another time below.`,
  /** The call is too near to move here (the booking page's tooLate), so no time is listed under it. */
  bookedSoon: (when: string) =>
    `You already have a call booked: ${when}. It starts in less than ${CHANGE_CUTOFF_HOURS} hours, so it can no longer be changed here: reply to the invitation instead.`,
};

/** The lead endpoint's error sentences, shown to the visitor as they are. */
export const server = {
  fieldNames: { name: 'Name', company: 'Company', email: 'Email address' },
  missingName: 'Please enter your name.',
  missingCompany: 'Please enter your company name.',
  missingEmail: 'Please enter your email address.',
  notText: (field: string) => `${field} must be text.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  invalidCharacters: (field: string) => `${field} contains characters that are not valid text.`,
  controlCharacters: (field: string) => `${field} must not contain line breaks or control characters.`,
  emailSpaces: 'Email address must not contain spaces or control characters.',
  emailInvalid: 'Please enter a valid email address, like name@example.com.',
  emailDomain: 'The domain of this email address is not valid.',
  notAnObject: 'Send your name, company and email address as a JSON object or as form fields.',
  storeFailed: 'We could not save your request right now. Please try again in a few minutes.',
  rateLimited: (minutes: number) =>
    `Too many requests from your network. Please wait ${minutes <= 1 ? 'a minute' : `${minutes} minutes`} and try again.`,
};

/** The booking page: the lead picks a time for the call, confirms it, and may move or cancel it. */
export const bookPage = {
  title: 'Pick a time for the call',
  intro: (minutes: number) => `A free ${minutes}-minute setup call. Times are shown in your time zone.`,
  zone: 'Time zone',
  zoneShown: (zone: string) => `Times in ${zone}`,
  showTimes: 'Show times',
  noSlots: 'No time is free in the coming days. I will reply by e-mail to find one.',
  unavailable: 'The calendar cannot be read right now, so no time is offered. I will reply by e-mail to find one.',
  confirmTitle: 'Confirm your call',
  confirm: 'Book this time',
  pickAnother: 'Pick another time',
  bookedTitle: 'Your call is booked',
  booked: (when: string) => `Your call is booked for ${when}. An invitation is on its way to your e-mail.`,
  movedTitle: 'Your call is moved',
  moved: (when: string) => `Your call is now on ${when}. An updated invitation is on its way.`,
  current: (when: string) => `Your call: ${when}.`,
  past: (when: string) => `Your call was on ${when}.`,
  over: 'This call has taken place: it can no longer be changed.',
  moveHint: 'To move it, pick another time below.',
  emailLabel: 'Your e-mail address',
  emailHint: 'The one you sent the form with: it shows that the change is yours.',
  wrongAddressTitle: 'This is not the address of the call',
  wrongAddress: 'Nothing was changed. Type the e-mail address you sent the form with.',
  cancel: 'Cancel the call',
  cancelledTitle: 'Your call is cancelled',
  cancelled: 'Your call is cancelled. You can pick another time below.',
  cancellationSent: 'The cancellation is on its way to your e-mail.',
  tooLateTitle: 'Too late to change the call',
  takenTitle: 'This time was just taken',
  notOfferedTitle: 'This time is not offered',
  notBookedTitle: 'No call to cancel',
  tooLate: `The call starts in less than ${CHANGE_CUTOFF_HOURS} hours: it can no longer be changed here. Reply to the invitation instead.`,
  taken: 'This time was just taken, pick another.',
  notOffered: 'This time is not offered. Pick one of the times below.',
  notBooked: 'There is no booked call to cancel.',
  invalidTitle: 'This link is not valid',
  expiredTitle: 'This link has expired',
  offTitle: 'No online booking at the moment',
  tooManyTitle: 'Too many tries',
  invalid: 'This booking link is not valid. Use the link from your e-mail.',
  expired: 'This booking link has expired. Send the form again, or reply to my e-mail.',
  off: 'Calls are not booked online at the moment. I will reply by e-mail to find a time.',
  backHome: 'Return to Home',
  pickTitle: 'Pick a time for the call',
  pickLink: 'Pick a time for the call',
};

/** The e-mails written to a visitor: the auto-reply, and the owner's reply begun from his inbox. */
export const mail = {
  autoReplySubject: (owner: string) => `Your free setup call with ${owner}`,
  greeting: 'Hello,',
  autoReplyThanks:
    "Thank you for your interest! I'll get back to you within 24 hours to schedule your free setup call.",
  autoReplySooner: (email: string, phone: string, messenger: string, linkedin: string) =>
    `If you would like to reach me sooner, write to ${email}, call ${phone}, or message me on Telegram (${messenger}) or LinkedIn (${linkedin}).`,
  signOff: 'Best regards,',
  autoReplyFooter:
    'You receive this one e-mail because this address was entered in the contact form of my website. If that was not you, please ignore it.',
  replySubject: (company: string) => `Your free setup call: ${company}`,
  replyGreeting: (name: string) => `Hello ${name},`,
  replyOpening: 'Thank you for your interest in a free setup call.',
};

export type SiteStrings = typeof site;
export type FormStrings = typeof form;
export type ServerStrings = typeof server;
export type MailStrings = typeof mail;
export type BookPageStrings = typeof bookPage;

/**
 * The e-mail a visitor receives about the call they booked, and the invite it carries. The e-mail gives the time in
 * the zone the visitor chose on the booking page, naming it; the attached invite puts the exact time in their
 * calendar wherever they are.
 */
export const bookingMail = {
  /** Sunday first, as Date.getUTCDay counts. */
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  /** The call's start in the visitor's zone, named: "Tue 1 Dec, 18:00 (Asia/Kolkata)". `time` is "18:00". */
  when: (weekday: string, day: number, month: string, time: string, zone: string) =>
    `${weekday} ${day} ${month}, ${time} (${zone})`,
  bookedSubject: (owner: string, when: string) => `Your call with ${owner}: ${when}`,
  movedSubject: (owner: string, when: string) => `New time for your call with ${owner}: ${when}`,
  cancelledSubject: (owner: string, when: string) => `Cancelled: your call with ${owner} on ${when}`,
  roomSubject: (owner: string, when: string) => `New link to join your call with ${owner}: ${when}`,
  greeting: 'Hello,',
  bookedIntro: 'Your call is booked. I look forward to talking with you.',
  movedIntro: 'Your call has been moved to a new time.',
  roomIntro: 'The link to join your call has changed: the new one is below. The time stays the same.',
  cancelledIntro: 'Your call has been cancelled.',
  whenLabel: 'When',
  zoneNote:
    'The time is given in the time zone chosen when booking. The attached invitation adds the call to your calendar at the right time wherever you are.',
  joinLabel: 'Join the call',
  noRoomYet: 'I will send you the link to join the call before it starts.',
  manageLabel: 'Move or cancel',
  manageLine: 'Need another time? You can move or cancel the call here:',
  cancelledLine: 'If you would like to talk at another time, just reply to this e-mail.',
  signOff: 'Best regards,',
  footer:
    'You receive this e-mail because this address was used to book a call on my website. If that was not you, please ignore it.',
  /** The calendar event's title in the visitor's calendar. */
  inviteSummary: (owner: string) => `Call with ${owner}`,
};

export type BookingMailStrings = typeof bookingMail;
