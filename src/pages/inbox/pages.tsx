/**
 * The owner's pages as functions from a view to HTML, rendered per request
 * (they show live data, unlike the site's pages, rendered once).
 */
import type { Profile } from '../../content/content';
import { type Assets, assetUrl } from '../assets';
import { renderHtml } from '../site';
import { InboxPage } from './InboxPage';
import { LeadPage } from './LeadPage';
import type { InboxPageAssets } from './InboxLayout';
import type {
  ActivityView,
  AlertsView,
  LeadDetailView,
  LeadListView,
  MessageView,
  PasskeysView,
  SessionsView,
  SignInView,
  SourcesView,
  SpamView,
} from './views';
import { ActivityPage } from './ActivityPage';
import { AlertsPage } from './AlertsPage';
import { SourcesPage } from './SourcesPage';
import { SpamPage } from './SpamPage';
import { MessagePage } from './MessagePage';
import { PasskeysPage } from './PasskeysPage';
import { SessionsPage } from './SessionsPage';
import { SignInPage } from './signInPages';

export interface InboxPages {
  signIn(view: SignInView): string;
  inbox(view: LeadListView): string;
  lead(view: LeadDetailView): string;
  passkeys(view: PasskeysView): string;
  sessions(view: SessionsView): string;
  message(view: MessageView): string;
  spam(view: SpamView): string;
  alerts(view: AlertsView): string;
  activity(view: ActivityView): string;
  sources(view: SourcesView): string;
}

export function createInboxPages(profile: Profile, assets: Assets): InboxPages {
  const pageAssets: InboxPageAssets = {
    siteName: profile.name,
    stylesheets: [assetUrl(assets, 'site.css'), assetUrl(assets, 'inbox.css')],
    passkeyScript: assetUrl(assets, 'owner-passkey.js'),
  };
  return {
    signIn: (view) => renderHtml(<SignInPage view={view} assets={pageAssets} />),
    inbox: (view) => renderHtml(<InboxPage view={view} assets={pageAssets} />),
    lead: (view) => renderHtml(<LeadPage view={view} assets={pageAssets} />),
    passkeys: (view) => renderHtml(<PasskeysPage view={view} assets={pageAssets} />),
    sessions: (view) => renderHtml(<SessionsPage view={view} assets={pageAssets} />),
    message: (view) => renderHtml(<MessagePage view={view} assets={pageAssets} />),
    spam: (view) => renderHtml(<SpamPage view={view} assets={pageAssets} />),
    alerts: (view) => renderHtml(<AlertsPage view={view} assets={pageAssets} />),
    activity: (view) => renderHtml(<ActivityPage view={view} assets={pageAssets} />),
    sources: (view) => renderHtml(<SourcesPage view={view} assets={pageAssets} />),
  };
}
