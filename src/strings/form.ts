/**
 * The form's words by language, for the browser bundle: static member reads, so the bundler keeps the form's
 * strings of each language and drops the rest of the language files.
 */
import type { SiteLanguage } from '../contract/languages';
import { form as en } from './en';
import { form as es } from './es';
import { form as pt } from './pt';

const FORMS = { en, pt, es };

export const formStrings = (language: SiteLanguage) => FORMS[language];
