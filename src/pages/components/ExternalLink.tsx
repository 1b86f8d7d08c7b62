/**
 * A link that opens in a new tab. It always carries rel="noopener noreferrer" (the new page gets no handle on
 * ours and no referrer) and tells screen-reader users that a new tab will open.
 */
import type { ReactNode } from 'react';

export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
