/**
 * The page's languages on the overview: which ones visitors get now (the published revision), and
 * for the draft, each language but English, complete (offered on its page once published) or with
 * the texts it lacks, each linked to its input in its section like the draft's errors. English is
 * not listed: the schema requires it in every text, so a publishable draft always has it.
 */
import { plural } from '../../content/fields';
import type { DraftLanguage } from './contentViews';
import { inputLink } from './fieldPaths';

// A long list (a language not started yet) is folded, so the sections below stay in reach on a phone.
const SHOWN_OPEN = 10;

function Missing({ language }: { language: DraftLanguage }) {
  const { missing } = language;
  return (
    <details className="owner-missing" open={missing.length <= SHOWN_OPEN}>
      <summary>{`The ${plural(missing.length, 'text')} without ${language.name}`}</summary>
      <ul>
        {missing.map((text) => (
          <li key={text.path}>
            <a href={inputLink(`${text.path}.${language.language}`)}>{text.name}</a> <code>{text.path}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function ContentLanguages({ offered, draft }: { offered: string; draft: DraftLanguage[] }) {
  return (
    <section className="owner-card owner-languages" aria-labelledby="content-languages">
      <h2 id="content-languages">Languages</h2>
      <p>
        <strong>On your page now:</strong> {offered}
      </p>
      <p>
        <strong>Your draft:</strong> a language is offered once every text has it.
      </p>
      <ul>
        {draft.map((language) => (
          <li key={language.language}>
            {language.missing.length === 0
              ? `${language.name}: complete — offered on ${language.page}`
              : `${language.name}: ${plural(language.missing.length, 'text')} missing — not offered until complete`}
            {language.missing.length > 0 && <Missing language={language} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
