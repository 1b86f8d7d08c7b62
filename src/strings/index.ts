/**
 * The product's words in each language the site speaks. Every module that shows a visitor a sentence asks here,
 * with the language of the page or of the lead. The browser's form bundle reads form.ts instead, so it carries
 * only the form's words.
 */
import type { SiteLanguage } from '../contract/languages';
import * as en from './en';
import * as es from './es';
import * as pt from './pt';

export type { BookingMailStrings, BookPageStrings, FormStrings, MailStrings, ServerStrings, SiteStrings } from './en';

const ALL = { en, pt, es } as const;

export const siteStrings = (language: SiteLanguage) => ALL[language].site;
export const serverStrings = (language: SiteLanguage) => ALL[language].server;
export const mailStrings = (language: SiteLanguage) => ALL[language].mail;
export const bookPageStrings = (language: SiteLanguage) => ALL[language].bookPage;
export const bookingMailStrings = (language: SiteLanguage) => ALL[language].bookingMail;
export { formStrings } from './form';
