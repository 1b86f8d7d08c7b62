/**
 * The home page as a visitor's browser receives it: every exact string the
 * page must show, the sections in order, the record counts, the configured
 * contact details and every outbound link. Every expected text is written out
 * here, as the page is meant to read, never imported from the product's
 * content (src/content/content.ts): a typo on the page must fail a test.
 */
import assert from 'node:assert/strict';
import { describe, it, before } from 'node:test';
import { parse, type HTMLElement } from 'node-html-parser';
import request from 'supertest';
import { createTestSite, type TestSite } from '../support/site';

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
  const res = await request(site.listener).get('/').expect(200);
  html = res.text;
  doc = parse(html);
});

describe('home page', () => {
  it('is served as HTML rendered on the server', () => {
    assert.match(html, /^<!DOCTYPE html><html lang="en">/);
    assert.equal(doc.querySelectorAll('h1').length, 1, 'exactly one h1');
  });

  it('shows the sections in order: hero, services, about, publications, interview, contact', () => {
    const ids = ['top', 'services', 'about', 'publications', 'interview', 'contact'];
    const positions = ids.map((id) => html.indexOf(`id="${id}"`));
    positions.forEach((p, i) => {
      assert.ok(p > 0, `section #${ids[i]} is present`);
    });
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      positions,
      'sections in page order',
    );
    assert.ok(html.indexOf('<footer') > positions.at(-1)!, 'footer comes last');
    const headings = doc.querySelectorAll('main section h2').map(text);
    assert.deepEqual(headings, [
      'How I Can Help',
      'About Me',
      'International Expertise',
      'Watch My Interview',
      'Ready to Scale Your Tech Startup?',
    ]);
  });

  it('states the claims of the hero and links the LinkedIn profile in a new tab', () => {
    const hero = doc.querySelector('#top')!;
    assert.equal(
      text(hero.querySelector('h1')),
      'Take your tech startup international, with a go-to-market plan that sells',
    );
    assert.equal(text(hero.querySelector('.eyebrow')), 'Jordan Example · Go-to-market & growth strategy');
    const stats = hero.querySelectorAll('.stat').map((s) => [text(s.querySelector('dd')), text(s.querySelector('dt'))]);
    assert.deepEqual(stats, [
      ['$5M+', 'in B2B sales closed'],
      ['19+', 'years in sales and growth'],
    ]);
    assert.equal(text(hero.querySelector('.hero-claim')), '$1.5M GMV growth delivered since 2020');
    const linkedin = hero.querySelector(`a[href="${env.LINKEDIN_URL}"]`);
    assert.ok(linkedin, 'LinkedIn button');
    assert.equal(linkedin.getAttribute('target'), '_blank');
    assert.equal(text(linkedin), 'View my LinkedIn profile (opens in a new tab)');
    assert.ok(hero.querySelector('.hero-visual'), 'hero image area');
  });

  it('lists the five services with their title, description and a server-drawn SVG icon', () => {
    const cards = doc.querySelectorAll('#services .service-card');
    const expected: [string, string][] = [
      [
        'What We Sell',
        'Pin down your ideal customer profile, sharpen the value propositions that make them buy and put the whole business on one lean canvas.',
      ],
      [
        'Who We Sell To',
        'A go-to-market strategy for each new market: which segments to enter first, how to price and position, and which channels reach the buyers.',
      ],
      [
        'How We Sell',
        'Automated outreach across e-mail, LinkedIn and messengers, with sequences, CRM hygiene and reporting that show what turns into pipeline.',
      ],
      [
        'Team Building',
        'Hire, onboard and train your first sales team: playbooks, call scripts, objection handling and a weekly rhythm that keeps deals moving.',
      ],
      [
        'Fundraising',
        'A pitch deck and an investor narrative built on traction, market size and unit economics, rehearsed until the story survives tough questions.',
      ],
    ];
    assert.deepEqual(
      cards.map((card) => [text(card.querySelector('h3')), text(card.querySelector('p'))]),
      expected,
    );
    for (const card of cards) assert.ok(card.querySelector('svg'), `icon of ${text(card.querySelector('h3'))}`);
  });

  it('shows five conferences from 2022 to 2024 in the US and Portugal and three recognitions', () => {
    const about = doc.querySelector('#about')!;
    assert.deepEqual(about.querySelectorAll('h3').map(text), ['Speaking', 'Industry Recognition']);
    const conferences = about
      .querySelectorAll('.timeline-item')
      .map((el) => [
        text(el.querySelector('.year-badge')),
        text(el.querySelector('.timeline-title')),
        text(el.querySelector('.timeline-meta')),
        text(el.querySelector('.timeline-text')),
      ]);
    assert.deepEqual(conferences, [
      [
        '2022',
        'Web Summit',
        'Lisbon, Portugal',
        'Workshop: choosing your first international market with data, not hope.',
      ],
      [
        '2023',
        'SaaStr Annual',
        'San Mateo, USA',
        'Panel on building outbound engines for non-US founders selling into the US.',
      ],
      ['2023', 'Web Summit', 'Lisbon, Portugal', 'Talk: the lean go-to-market canvas for seed-stage B2B startups.'],
      [
        '2024',
        'Collision Founders Track',
        'Austin, USA',
        'Masterclass on automating outreach without burning your domain or your brand.',
      ],
      [
        '2024',
        'Startup Lisboa Demo Week',
        'Lisbon, Portugal',
        'Keynote: what investors want to see in an international expansion plan.',
      ],
    ]);
    const recognitions = about
      .querySelectorAll('.recognition')
      .map((el) => [text(el.querySelector('.timeline-title')), text(el.querySelector('.timeline-text'))]);
    assert.deepEqual(recognitions, [
      ['Expert · 2022', 'Association of Internet Trade Companies, e-commerce and B2B sales committee'],
      ['Jury Member · 2023', 'Effie Awards, marketing effectiveness jury'],
      ['Mentor · 2024', 'Startup incubator programme for international B2B founders'],
    ]);
  });

  it('links six publications from Brazil, USA and Russia, each in a new tab', () => {
    const section = doc.querySelector('#publications')!;
    assert.equal(
      text(section.querySelector('.section-intro')),
      'Articles and interviews on international sales and growth, published in Brazil, the USA and Russia.',
    );
    const cards = section
      .querySelectorAll('a.publication-card')
      .map((card) => [
        card.getAttribute('href'),
        text(card.querySelector('.publication-country')),
        text(card.querySelector('.publication-title')),
        text(card.querySelector('.publication-media')),
        Boolean(card.querySelector('svg.flag')),
      ]);
    assert.deepEqual(cards, [
      [
        'https://www.startse.com/artigos/saas-brasileiro-clientes-eua',
        'Brazil',
        'How Brazilian SaaS startups can win their first US enterprise customers',
        'StartSe',
        true,
      ],
      [
        'https://exame.com/negocios/vendas-b2b-latam-outbound',
        'Brazil',
        'Outbound sales in LATAM: what works after the first ten customers',
        'Exame',
        true,
      ],
      [
        'https://www.entrepreneur.com/growing-a-business/go-to-market-mistakes-foreign-founders',
        'USA',
        'Five go-to-market mistakes foreign founders make in the US',
        'Entrepreneur',
        true,
      ],
      [
        'https://www.inc.com/ideal-customer-profile-growth-lever',
        'USA',
        'Why your ideal customer profile is the cheapest growth lever you have',
        'Inc.',
        true,
      ],
      [
        'https://www.forbes.ru/biznes/b2b-startup-international-playbook',
        'Russia',
        'Scaling a B2B startup abroad: a practical playbook',
        'Forbes Russia',
        true,
      ],
      [
        'https://vc.ru/marketing/sales-automation-personal-touch',
        'Russia',
        'Sales automation without losing the personal touch',
        'vc.ru',
        true,
      ],
    ]);
  });

  it('shows the interview thumbnail from the video host and opens the video in a new tab', () => {
    const section = doc.querySelector('#interview')!;
    assert.equal(
      text(section.querySelector('.section-intro')),
      'A conversation about taking B2B startups into new markets, and what founders get wrong about it.',
    );
    const link = section.querySelector('a')!;
    assert.equal(link.getAttribute('href'), env.VIDEO_URL);
    assert.equal(link.getAttribute('target'), '_blank');
    assert.equal(text(link.querySelector('.video-caption')), 'Interview: scaling tech startups internationally');
    const img = link.querySelector('img')!;
    assert.equal(img.getAttribute('src'), env.VIDEO_THUMBNAIL_URL);
    assert.equal(img.getAttribute('alt'), 'Video thumbnail of the interview on scaling tech startups internationally');
    assert.ok(img.getAttribute('width') && img.getAttribute('height'), 'size reserved: no layout shift');
  });

  it('renders the form card with the exact labels, placeholders and button', () => {
    const contact = doc.querySelector('#contact')!;
    assert.equal(
      text(contact.querySelector('.contact-header .section-intro')),
      "Let's develop and execute a go-to-market strategy that takes your startup into new markets and grows revenue.",
    );
    const card = contact.querySelector('.form-card')!;
    assert.equal(text(card.querySelector('h3')), 'Get Free Setup Call');
    assert.equal(
      text(card.querySelector('.card-intro')),
      'Leave your details and I will get back to you within 24 hours.',
    );
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
    assert.equal(text(panel.querySelector('h3')), 'Get in Touch');
    assert.equal(text(panel.querySelector('.card-intro')), 'Choose your preferred way to connect');
    const buttons = panel.querySelectorAll('a').map((a) => [a.getAttribute('href'), text(a)]);
    assert.deepEqual(buttons, [
      [`mailto:${env.CONTACT_EMAIL}`, env.CONTACT_EMAIL],
      [env.MESSENGER_URL, 'Message me on Telegram (opens in a new tab)'],
      ['tel:+12125550199', env.CONTACT_PHONE],
      [env.LINKEDIN_URL, 'Connect on LinkedIn (opens in a new tab)'],
    ]);
    assert.equal(panel.querySelectorAll('a[target="_blank"]').length, 2, 'the two profiles open in a new tab');
  });

  it('ends with the 2024 copyright line and the title', () => {
    const lines = doc.querySelectorAll('footer p').map(text);
    assert.deepEqual(lines, [
      '© 2024 Jordan Example. All rights reserved.',
      'Go-to-Market & Growth Strategist for Tech Startups',
    ]);
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
    assert.equal(
      text(doc.querySelector('title')),
      'Jordan Example | Go-to-Market & Growth Strategist for Tech Startups',
    );
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
    // The page itself is named too, with its language, once the site has more than one.
    assert.deepEqual(types, ['Person', 'ProfessionalService', 'WebPage']);
    assert.equal(json['@graph'][2].inLanguage, 'en');
    assert.equal(json['@graph'][0].name, 'Jordan Example');
    assert.equal(json['@graph'][1].hasOfferCatalog.itemListElement.length, 5);
  });

  it('serves robots.txt, sitemap.xml and the favicon', async () => {
    const robots = await request(site.listener)
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    assert.match(robots.text, /Sitemap: https:\/\/jordan\.example\.org\/sitemap\.xml/);
    const sitemap = await request(site.listener).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    assert.match(sitemap.text, /<loc>https:\/\/jordan\.example\.org\/<\/loc>/);
    await request(site.listener).get('/favicon.svg').expect(200).expect('Content-Type', 'image/svg+xml');
  });
});
