/**
 * A link that opens in a new tab. It always carries rel="noopener noreferrer" (the new page gets no handle on
 * ours and no referrer) and tells screen-reader users that a new tab will open.
 */
import type { ReactNode } from 'react';
import { usePageStrings } from '../pageStrings';

export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const say = usePageStrings();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{` ${say.newTab}`}</span>
    </a>
  );
}
