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
import { AvailabilityPage } from './AvailabilityPage';
import { CallsPage } from './CallsPage';
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
import { OwnerTime, type ShowTime } from './time';

export type InboxPages = ReturnType<typeof createInboxPages>;

/** `showTime`: how the owner reads a stored time (in his time zone), from the HTTP layer, which knows the zone. */
export function createInboxPages(profile: Profile, assets: Assets, showTime: ShowTime) {
  const pageAssets: InboxPageAssets = {
    siteName: profile.name,
    stylesheets: [assetUrl(assets, 'site.css'), assetUrl(assets, 'inbox.css')],
    passkeyScript: assetUrl(assets, 'owner-passkey.js'),
  };
  const page =
    <View,>(Page: (props: { view: View; assets: InboxPageAssets }) => ReactElement) =>
    (view: View): string =>
      renderHtml(
        <OwnerTime value={showTime}>
          <Page view={view} assets={pageAssets} />
        </OwnerTime>,
      );
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
    booking: page(AvailabilityPage),
    calls: page(CallsPage),
  };
}
