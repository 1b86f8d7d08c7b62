/**
 * The owner's inbox over plain HTTP, for the tests of what it refuses: a
 * session got the way a browser gets it (an e-mailed link's button), the form
 * token read off a page, and requests that never follow redirects.
 */
import assert from 'node:assert/strict';
import type { LeadSite } from './leadSite';

export interface OwnerHttpSession {
  /** The Cookie header value. */
  cookie: string;
  /** The raw Set-Cookie header that made it. */
  setCookie: string;
  csrf: string;
}

export const ownerFetch = (s: LeadSite, path: string, init: RequestInit = {}) =>
  fetch(`${s.url}${path}`, { redirect: 'manual', ...init });

/** Signs in with a one-time sign-in link, as its page's button does. */
export async function signInByLink(s: LeadSite): Promise<OwnerHttpSession> {
  const link = new URL(s.services.owner.links.create('sign-in').url);
  const res = await ownerFetch(s, link.pathname, { method: 'POST' });
  assert.equal(res.status, 303);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  assert.match(cookie, /owner_session=/);
  const page = await ownerFetch(s, '/owner', { headers: { Cookie: cookie } });
  assert.equal(page.status, 200);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  assert.ok(csrf, 'the inbox carries the form token');
  return { cookie, setCookie, csrf };
}

/** POSTs a form as a page of the inbox does. */
export function postForm(
  s: LeadSite,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return ownerFetch(s, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
