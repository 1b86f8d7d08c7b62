/**
 * The content editor's forms as a browser submits them: every input, textarea and checked choice of
 * the section's form, read off the page, so a test changes one field and posts the rest as shown.
 */
import assert from 'node:assert/strict';
import { parse } from 'node-html-parser';
import type { LeadSite } from './leadSite';
import { ownerFetch, postForm, type OwnerHttpSession } from './ownerHttp';

/** The named fields of the page's editor form (the one that posts to the section), as the browser would send them. */
export function editorFields(html: string, section: string): Record<string, string> {
  const form = parse(html).querySelector(`form[action="/owner/content/${section}"]`);
  assert.ok(form, `the page has the form of the ${section} section`);
  const fields: Record<string, string> = {};
  for (const input of form.querySelectorAll('input')) {
    const name = input.getAttribute('name');
    if (name) fields[name] = input.getAttribute('value') ?? '';
  }
  for (const area of form.querySelectorAll('textarea')) fields[area.getAttribute('name') ?? ''] = area.textContent;
  for (const select of form.querySelectorAll('select')) {
    const chosen = select.querySelector('option[selected]') ?? select.querySelector('option');
    fields[select.getAttribute('name') ?? ''] = chosen?.getAttribute('value') ?? '';
  }
  return fields;
}

/** Opens a section of the editor signed in; its HTML and its form's fields. */
export async function openSection(s: LeadSite, session: OwnerHttpSession, section: string) {
  const res = await ownerFetch(s, `/owner/content/${section}`, { headers: { Cookie: session.cookie } });
  assert.equal(res.status, 200);
  const html = await res.text();
  return { html, fields: editorFields(html, section) };
}

/** Posts a section's form with the session's cookie (the form token is among the fields). */
export const saveSection = (s: LeadSite, session: OwnerHttpSession, section: string, fields: Record<string, string>) =>
  postForm(s, `/owner/content/${section}`, fields, { Cookie: session.cookie });

/** A page of the inbox, signed in: its status and HTML. */
export async function ownerPage(s: LeadSite, session: OwnerHttpSession, path: string) {
  const res = await ownerFetch(s, path, { headers: { Cookie: session.cookie } });
  return { status: res.status, headers: res.headers, html: await res.text() };
}
