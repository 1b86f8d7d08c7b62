/**
 * The frame of every owner page: the shared document head (never indexed), a header with the inbox's sections
 * and Sign out when signed in, and the page's content. Made for a phone first: one column, thumb-sized targets.
 */
import type { ReactNode } from 'react';
import { CSRF_FIELD, INBOX_PATHS } from '../../contract/inbox';
import { Document } from '../Document';

export interface InboxPageAssets {
  siteName: string;
  stylesheets: string[];
  /** The passkey script, on the pages that run a ceremony. */
  passkeyScript: string;
}

const SECTIONS = [
  ['leads', 'Leads', INBOX_PATHS.inbox],
  ['content', 'Page', INBOX_PATHS.content],
  ['calls', 'Calls', INBOX_PATHS.calls],
  ['booking', 'Booking', INBOX_PATHS.booking],
  ['spam', 'Spam', INBOX_PATHS.spam],
  ['sources', 'Sources', INBOX_PATHS.sources],
  ['alerts', 'Alerts', INBOX_PATHS.alerts],
  ['activity', 'Activity', INBOX_PATHS.activity],
  ['passkeys', 'Passkeys', INBOX_PATHS.passkeys],
  ['sessions', 'Sessions', INBOX_PATHS.sessions],
] as const;

interface LayoutProps {
  assets: InboxPageAssets;
  title: string;
  /** The signed-in owner's form token: shows the sections and Sign out. */
  csrf?: string;
  current?: (typeof SECTIONS)[number][0];
  notice?: string;
  withPasskeyScript?: boolean;
  children: ReactNode;
}

export function InboxLayout({ assets, title, csrf, current, notice, withPasskeyScript, children }: LayoutProps) {
  return (
    <Document
      title={`${title} | ${assets.siteName}`}
      description={title}
      stylesheet={assets.stylesheets[0] ?? ''}
      extraStylesheets={assets.stylesheets.slice(1)}
      scripts={withPasskeyScript ? [assets.passkeyScript] : []}
      noIndex
      siteName={assets.siteName}
    >
      <header className="owner-header">
        <div className="owner-bar">
          <span className="owner-brand">Leads inbox</span>
          {csrf !== undefined && (
            <form method="post" action={INBOX_PATHS.signOut}>
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <button type="submit" className="owner-link-button">
                Sign out
              </button>
            </form>
          )}
        </div>
        {csrf !== undefined && (
          <nav aria-label="Inbox sections" className="owner-nav">
            {SECTIONS.map(([key, label, href]) => (
              <a key={key} href={href} aria-current={current === key ? 'page' : undefined}>
                {label}
              </a>
            ))}
          </nav>
        )}
      </header>
      <main id="main" className="owner-main">
        {notice && (
          <p className="owner-notice" role="status">
            {notice}
          </p>
        )}
        {children}
      </main>
    </Document>
  );
}

/** A button that posts one action with the form token (a mark, a removal). */
export function ActionButton(props: {
  action: string;
  csrf: string;
  label: string;
  fields?: Record<string, string>;
  variant?: 'primary' | 'plain' | 'danger';
  disabled?: boolean;
}) {
  const { action, csrf, label, fields = {}, variant = 'plain', disabled } = props;
  return (
    <form method="post" action={action} className="owner-action">
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`owner-button owner-button-${variant}`} disabled={disabled}>
        {label}
      </button>
    </form>
  );
}
