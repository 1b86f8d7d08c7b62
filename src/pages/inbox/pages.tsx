/**
 * The owner's pages as functions from a view to HTML, rendered per request
 * (they show live data, unlike the site's pages, rendered once).
 */
import type { ReactElement } from 'react';
import type { Profile } from '../../content/content';
import { type Assets, assetUrl } from '../assets';
import { renderHtml } from '../site';
import { ActivityPage } from './ActivityPage';
import { AlertsPage } from './AlertsPage';
import { ContentHistoryPage } from './ContentHistoryPage';
import { ContentPage } from './ContentPage';
import { ContentSectionPage } from './ContentSectionPage';
import type { InboxPageAssets } from './InboxLayout';
import { InboxPage } from './InboxPage';
import { LeadPage } from './LeadPage';
import { MessagePage } from './MessagePage';
import { PasskeysPage } from './PasskeysPage';
import { SessionsPage } from './SessionsPage';
import { SignInPage } from './signInPages';
import { SourcesPage } from './SourcesPage';
import { SpamPage } from './SpamPage';

export type InboxPages = ReturnType<typeof createInboxPages>;

export function createInboxPages(profile: Profile, assets: Assets) {
  const pageAssets: InboxPageAssets = {
    siteName: profile.name,
    stylesheets: [assetUrl(assets, 'site.css'), assetUrl(assets, 'inbox.css')],
    passkeyScript: assetUrl(assets, 'owner-passkey.js'),
  };
  const page =
    <View,>(Page: (props: { view: View; assets: InboxPageAssets }) => ReactElement) =>
    (view: View): string =>
      renderHtml(<Page view={view} assets={pageAssets} />);
  return {
    signIn: page(SignInPage),
    inbox: page(InboxPage),
    lead: page(LeadPage),
    passkeys: page(PasskeysPage),
    sessions: page(SessionsPage),
    message: page(MessagePage),
    spam: page(SpamPage),
    alerts: page(AlertsPage),
    activity: page(ActivityPage),
    sources: page(SourcesPage),
    content: page(ContentPage),
    contentSection: page(ContentSectionPage),
    contentHistory: page(ContentHistoryPage),
  };
}
