/**
 * A text of the page in the editor: its English and, beside it, its Portuguese and Spanish, so a
 * translation is written looking at what it translates. On a phone they are stacked, each under a
 * small label in its own language; from 48rem they are columns (inbox.css). Each input has its own
 * label ("Headline (Portuguese)" for a screen reader), its `lang` (spell-checking, pronunciation),
 * its own errors and, after a refused stale save, its own text saved elsewhere. A Portuguese or
 * Spanish left blank is missing (src/content/formValues.ts drops it); English stays required.
 */
import { fieldLabel, type LeafInfo } from '../../content/editor';
import { type Language, languageNames, languages } from '../../content/fields';
import { isRecord } from '../../content/records';
import { LANGUAGE_TAGS } from '../../contract/languages';
import { type FieldsContext, fieldId, valueAt } from './fieldPaths';

/** Each language's name in itself: the label a translator looks for. */
const OWN_NAMES: Record<Language, string> = { en: 'English', pt: 'Português', es: 'Español' };

const textIn = (value: unknown, language: Language): string => {
  const text = isRecord(value) ? value[language] : undefined;
  return typeof text === 'string' ? text : '';
};

/** The input's path: English's is the field's own, another language's has the language after it. */
const inputPath = (path: string, language: Language) => (language === 'en' ? path : `${path}.${language}`);

export function TextField({
  info,
  path,
  value,
  ctx,
}: {
  info: Extract<LeafInfo, { kind: 'text' }>;
  path: string;
  value: unknown;
  ctx: FieldsContext;
}) {
  const { min, max } = info.limits;
  const label = fieldLabel(info.label);
  const stored = ctx.stale === undefined ? undefined : valueAt(ctx.stale, path);
  const inputs = languages.map((language) => {
    const name = inputPath(path, language);
    const id = fieldId(name);
    // An error about the whole text (missing, an unknown language) belongs to the English input.
    const errors = ctx.errors.filter(
      (error) => error.path === `${path}.${language}` || (language === 'en' && error.path === path),
    );
    const typed = textIn(value, language);
    const common = {
      id,
      name,
      lang: language === 'en' ? undefined : LANGUAGE_TAGS[language],
      'aria-invalid': errors.length > 0 || undefined,
      'aria-describedby': errors.length ? `${id}-error` : undefined,
    };
    const storedText = stored === undefined ? undefined : textIn(stored, language);
    return (
      <div key={language} className="owner-text-language">
        {language === 'en' ? (
          <label htmlFor={id}>
            {label}{' '}
            <span className="owner-lang-label" aria-hidden="true">
              {OWN_NAMES.en}
            </span>
          </label>
        ) : (
          <label htmlFor={id}>
            <span className="owner-lang-label" aria-hidden="true" lang={LANGUAGE_TAGS[language]}>
              {OWN_NAMES[language]}
            </span>
            <span className="visually-hidden">{`${label} (${languageNames[language]})`}</span>
          </label>
        )}
        {max > 120 ? (
          <textarea {...common} rows={Math.min(8, Math.ceil(max / 120) + 1)} defaultValue={typed} />
        ) : (
          <input {...common} type="text" defaultValue={typed} />
        )}
        {errors.length > 0 && (
          <span id={`${id}-error`} className="owner-field-error">
            {errors.map((error) => error.message).join(' ')}
          </span>
        )}
        {storedText !== undefined && storedText !== typed && (
          <span className="owner-stale">
            Saved elsewhere: <q>{storedText}</q>
          </span>
        )}
      </div>
    );
  });
  return (
    <div className="owner-field owner-text">
      <div className="owner-text-languages">{inputs}</div>
      <span className="owner-field-hint">{min ? `${min} to ${max} characters` : `Up to ${max} characters`}</span>
    </div>
  );
}
