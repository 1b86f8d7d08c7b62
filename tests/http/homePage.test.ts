/**
 * The home page as a visitor's browser receives it: every exact string of the
 * specification, the sections in order, the record counts, the configured
 * contact details and every outbound link.
 */
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { conferences, publications, recognitions, services } from '../../src/content';
import { createTestSite, type TestSite } from '../helpers/site';

const env = {
  OWNER_NAME: 'Jordan Example',
  CONTACT_EMAIL: 'jordan@example.org',
  CONTACT_PHONE: '+1 (212) 555-0199',
  LINKEDIN_URL: 'https://www.linkedin.com/in/jordan-example',
  MESSENGER_URL: 'https://t.me/jordan_example',
  VIDEO_URL: 'https://video.example.net/watch/abc',
  VIDEO_THUMBNAIL_URL: 'https://img.example.net/abc/thumb.jpg',
  PUBLIC_URL: 'https://jordan.example.org',
};

let site: TestSite;
let html: string;
let doc: HTMLElement;

const text = (el: HTMLElement | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

before(async () => {
  site = createTestSite(env);
  const res = await request(site.app).get('/').expect(200);
  html = res.text;
  doc = parse(html);
});

describe('home page', () => {
  it('is served as HTML rendered on the server', () => {
    assert.match(html, /^<!DOCTYPE html><html lang="en">/);
    assert.equal(doc.querySelectorAll('h1').length, 1, 'exactly one h1');
  });

  it('shows the sections in the order of the specification', () => {
    const ids = ['top', 'services', 'about', 'publications', 'interview', 'contact'];
    const positions = ids.map((id) => html.indexOf(`id="${id}"`));
    positions.forEach((p, i) => assert.ok(p > 0, `section #${ids[i]} is present`));
    assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'sections in spec order');
    assert.ok(html.indexOf('<footer') > positions.at(-1)!, 'footer comes last');
    const headings = doc.querySelectorAll('main section h2').map(text);
    assert.deepEqual(headings, ['How I Can Help', 'About Me', 'International Expertise', 'Watch My Interview', 'Ready to Scale Your Tech Startup?']);
  });

  it('states the claims of the hero and links the LinkedIn profile in a new tab', () => {
    const hero = doc.querySelector('#top')!;
    assert.match(text(hero), /\$5M\+/);
    assert.match(text(hero), /19\+/);
    assert.match(text(hero), /\$1\.5M GMV growth delivered since 2020/);
    const linkedin = hero.querySelector(`a[href="${env.LINKEDIN_URL}"]`);
    assert.ok(linkedin, 'LinkedIn button');
    assert.equal(linkedin.getAttribute('target'), '_blank');
    assert.ok(hero.querySelector('.hero-visual'), 'hero image area');
  });

  it('lists five services with title, description and a server-drawn SVG icon', () => {
    const cards = doc.querySelectorAll('#services .service-card');
    assert.equal(cards.length, 5);
    cards.forEach((card, i) => {
      assert.equal(text(card.querySelector('h3')), services[i]!.title);
      assert.equal(text(card.querySelector('p')), services[i]!.description);
      assert.ok(card.querySelector('svg'), `icon of ${services[i]!.title}`);
    });
  });

  it('shows five conferences from 2022 to 2024 in the US and Portugal and three recognitions', () => {
    const items = doc.querySelectorAll('#about .timeline-item');
    assert.equal(items.length, 5);
    for (const c of conferences) {
      assert.ok(c.year >= 2022 && c.year <= 2024);
      assert.match(c.location, /(USA|Portugal)$/);
      assert.ok(items.some((el) => text(el).includes(c.name) && text(el).includes(String(c.year)) && text(el).includes(c.description)));
    }
    assert.equal(doc.querySelectorAll('#about .recognition').length, 3);
    for (const r of recognitions) assert.ok(text(doc.querySelector('#about')).includes(r.subtitle));
  });

  it('links six publications from Brazil, USA and Russia, each in a new tab', () => {
    const cards = doc.querySelectorAll('#publications a.publication-card');
    assert.equal(cards.length, 6);
    assert.deepEqual(new Set(publications.map((p) => p.countryName)), new Set(['Brazil', 'USA', 'Russia']));
    cards.forEach((card, i) => {
      const p = publications[i]!;
      assert.equal(card.getAttribute('href'), p.url);
      for (const part of [p.title, p.media, p.countryName]) assert.ok(text(card).includes(part));
      assert.ok(card.querySelector('svg.flag'), 'flag');
    });
  });

  it('shows the interview thumbnail from the video host and opens the video in a new tab', () => {
    const link = doc.querySelector('#interview a')!;
    assert.equal(link.getAttribute('href'), env.VIDEO_URL);
    assert.equal(link.getAttribute('target'), '_blank');
    const img = link.querySelector('img')!;
    assert.equal(img.getAttribute('src'), env.VIDEO_THUMBNAIL_URL);
    assert.ok(img.getAttribute('alt')!.length > 10, 'thumbnail has an alt text');
    assert.ok(img.getAttribute('width') && img.getAttribute('height'), 'size reserved: no layout shift');
  });

  it('renders the form card with the exact labels, placeholders and button', () => {
    const contact = doc.querySelector('#contact')!;
    assert.match(text(contact), /Get Free Setup Call/);
    const labels = contact.querySelectorAll('form label').map(text);
    assert.deepEqual(labels.slice(0, 3), ['Name *', 'Company *', 'Email *']);
    const placeholder = (name: string) => contact.querySelector(`input[name="${name}"]`)?.getAttribute('placeholder');
    assert.equal(placeholder('name'), 'Your full name');
    assert.equal(placeholder('company'), 'Your company name');
    assert.equal(placeholder('email'), env.CONTACT_EMAIL);
    assert.equal(text(contact.querySelector('form button[type="submit"]')), 'Schedule Free Call');
  });

  it('offers four ways to get in touch, with the configured details', () => {
    const panel = doc.querySelector('#contact .connect-card')!;
    assert.match(text(panel), /Get in Touch/);
    assert.match(text(panel), /Choose your preferred way to connect/);
    const hrefs = panel.querySelectorAll('a').map((a) => a.getAttribute('href'));
    assert.deepEqual(hrefs, [`mailto:${env.CONTACT_EMAIL}`, env.MESSENGER_URL, 'tel:+12125550199', env.LINKEDIN_URL]);
    assert.equal(panel.querySelectorAll('a[target="_blank"]').length, 2, 'the two profiles open in a new tab');
  });

  it('ends with the 2024 copyright line and the title', () => {
    const footer = text(doc.querySelector('footer'));
    assert.match(footer, /© 2024 Jordan Example/);
    assert.match(footer, /Go-to-Market & Growth Strategist for Tech Startups/);
  });

  it('protects and announces every link that opens a new tab', () => {
    const newTab = doc.querySelectorAll('a[target="_blank"]');
    assert.equal(newTab.length, 1 + 6 + 1 + 2, 'LinkedIn, publications, video, two profiles');
    for (const a of newTab) {
      assert.equal(a.getAttribute('rel'), 'noopener noreferrer', a.getAttribute('href'));
      assert.match(text(a), /\(opens in a new tab\)/);
    }
  });

  it('keeps headings in order without skipping a level', () => {
    const levels = doc.querySelectorAll('h1, h2, h3, h4').map((h) => Number(h.tagName.slice(1)));
    levels.reduce((prev, level) => {
      assert.ok(level <= prev + 1, `h${level} follows h${prev}`);
      return level;
    }, 1);
  });

  it('has no inline scripts, inline styles or style attributes (the CSP forbids them)', () => {
    for (const script of doc.querySelectorAll('script')) {
      const isData = script.getAttribute('type') === 'application/ld+json';
      assert.ok(isData || script.getAttribute('src'), 'every executable script is an external file');
    }
    assert.equal(doc.querySelectorAll('style').length, 0);
    assert.doesNotMatch(html, /\sstyle=/);
  });
});

describe('search metadata', () => {
  it('has a title, description, canonical, OpenGraph and Twitter tags', () => {
    assert.equal(text(doc.querySelector('title')), 'Jordan Example | Go-to-Market & Growth Strategist for Tech Startups');
    const meta = (sel: string) => doc.querySelector(sel)?.getAttribute('content') ?? '';
    assert.ok(meta('meta[name="description"]').length > 50);
    assert.equal(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), 'https://jordan.example.org/');
    assert.equal(meta('meta[property="og:url"]'), 'https://jordan.example.org/');
    assert.ok(meta('meta[property="og:title"]') && meta('meta[property="og:description"]'));
    assert.equal(meta('meta[name="twitter:card"]'), 'summary');
    assert.equal(doc.querySelector('link[rel="icon"]')?.getAttribute('href'), '/favicon.svg');
  });

  it('describes the person and the service in JSON-LD', () => {
    const json = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent);
    const types = json['@graph'].map((node: { '@type': string }) => node['@type']);
    assert.deepEqual(types, ['Person', 'ProfessionalService']);
    assert.equal(json['@graph'][0].name, 'Jordan Example');
    assert.equal(json['@graph'][1].hasOfferCatalog.itemListElement.length, 5);
  });

  it('serves robots.txt, sitemap.xml and the favicon', async () => {
    const robots = await request(site.app).get('/robots.txt').expect(200).expect('Content-Type', /text\/plain/);
    assert.match(robots.text, /Sitemap: https:\/\/jordan\.example\.org\/sitemap\.xml/);
    const sitemap = await request(site.app).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    assert.match(sitemap.text, /<loc>https:\/\/jordan\.example\.org\/<\/loc>/);
    await request(site.app).get('/favicon.svg').expect(200).expect('Content-Type', 'image/svg+xml');
  });
});
