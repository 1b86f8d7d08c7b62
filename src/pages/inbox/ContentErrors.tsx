/**
 * The draft's problems, listed at the top of the editor's pages: each in words, with a link to its
 * input in its section (a translation's own) and the field's path (what a refused publish and the CLI name it by).
 */
import { plural } from '../../content/fields';
import type { ContentError } from '../../content/schema';
import { inputLink } from './fieldPaths';

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
            <a href={inputLink(error.path)}>{error.message}</a> <code>{error.path || '(the whole content)'}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
