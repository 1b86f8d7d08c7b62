/**
 * The draft's problems, listed at the top of the editor's pages: each in words, with a link to its
 * field in its section and the field's path (what a refused publish and the CLI name it by).
 */
import { INBOX_PATHS } from '../../contract/inbox';
import { sectionOfPath } from '../../content/editor';
import { plural } from '../../content/fields';
import type { ContentError } from '../../content/schema';
import { fieldId, fieldPathOf } from './ContentFields';

const linkOf = (path: string) => {
  const section = sectionOfPath(path);
  return section ? `${INBOX_PATHS.content}/${section.key}#${fieldId(fieldPathOf(path))}` : INBOX_PATHS.content;
};

export function ContentErrors({ errors, title }: { errors: ContentError[]; title?: string }) {
  if (errors.length === 0) return null;
  return (
    <section className="owner-card owner-errors" aria-labelledby="content-errors" role="alert">
      <h2 id="content-errors">
        {title ?? `The draft has ${plural(errors.length, 'error')}: it cannot be published yet`}
      </h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.path}:${error.message}`}>
            <a href={linkOf(error.path)}>{error.message}</a> <code>{error.path || '(the whole content)'}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
