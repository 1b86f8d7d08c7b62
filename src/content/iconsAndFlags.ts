/**
 * The fixed sets a field picks from: the icons drawn for the services and the countries the flag
 * set draws. Adding one means drawing it too (src/pages/components), then naming it here.
 */
import type { CountryCode, ServiceIcon } from './types';

export const serviceIcons = [
  'target',
  'users',
  'workflow',
  'graduation-cap',
  'presentation',
] as const satisfies readonly ServiceIcon[];

/**
 * A publication names its country by code; the name written beside the flag comes from here, so
 * it is never typed (or misspelt) per publication. Other languages' names come with the languages.
 */
export const countryNames = { BR: 'Brazil', US: 'USA', RU: 'Russia' } as const satisfies Record<CountryCode, string>;

export const flagCountries = Object.keys(countryNames) as [CountryCode, ...CountryCode[]];
