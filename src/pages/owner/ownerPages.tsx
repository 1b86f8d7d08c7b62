/**
 * The owner's pages as functions from a view to HTML, rendered per request
 * (they show live data, unlike the site's pages, rendered once).
 */
import type { OwnerDetails } from '../../content';
import { type Assets, assetUrl } from '../assets';
import { renderHtml } from '../site';
import { InboxPage } from './InboxPage';
import { LeadPage } from './LeadPage';
import type { OwnerPageAssets } from './OwnerLayout';
import type { LeadDetailView, LeadListView, PasskeysView, SignInView } from './ownerViews';
import { PasskeysPage } from './PasskeysPage';
import { SignInPage } from './signInPages';

export interface OwnerPages {
  signIn(view: SignInView): string;
  inbox(view: LeadListView): string;
  lead(view: LeadDetailView): string;
  passkeys(view: PasskeysView): string;
}

export function createOwnerPages(owner: OwnerDetails, assets: Assets): OwnerPages {
  const pageAssets: OwnerPageAssets = {
    siteName: owner.name,
    stylesheets: [assetUrl(assets, 'site.css'), assetUrl(assets, 'owner.css')],
    passkeyScript: assetUrl(assets, 'owner-passkey.js'),
  };
  return {
    signIn: (view) => renderHtml(<SignInPage view={view} assets={pageAssets} />),
    inbox: (view) => renderHtml(<InboxPage view={view} assets={pageAssets} />),
    lead: (view) => renderHtml(<LeadPage view={view} assets={pageAssets} />),
    passkeys: (view) => renderHtml(<PasskeysPage view={view} assets={pageAssets} />),
  };
}
