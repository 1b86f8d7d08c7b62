/**
 * The page in each language it is offered in: `<html lang>`, a canonical link to itself, reciprocal hreflang
 * links with an x-default on every page and in the sitemap, OpenGraph locales, structured data in the page's
 * language, the switcher; a language with a text missing is offered nowhere; English alone is the page as it was
 * before there were languages, byte for byte.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { profile } from '../../src/content/content';
import { shippedContent } from '../../src/content/defaults';
import type { Content } from '../../src/content/schema';
import { assetsDir, projectRoot } from '../../src/lib/paths';
import { loadAssets } from '../../src/pages/assets';
import { renderSite, type SiteOptions } from '../../src/pages/site';
import { edited, withoutTranslations } from '../support/contentEdits';

const ORIGIN = 'https://example.com';
const assets = loadAssets(assetsDir);
const render = (options: Partial<SiteOptions> = {}) =>
  renderSite(profile, ORIGIN, assets, {
    content: shippedContent,
    languages: ['en', 'pt', 'es'],
    leadRetentionDays: 30,
    publishedAt: '2026-11-20T10:00:00.000Z',
    ...options,
  });
const reference = (name: string) => readFileSync(join(projectRoot, 'tests/support/englishOnly', name), 'utf8');
// The built files' names carry their content's hash: a changed stylesheet is not a changed page.
const maskAssets = (html: string) =>
  html.replace(/\/assets\/([\w.-]+?)-[A-Za-z0-9_-]{8,}\.(css|js)/g, '/assets/$1-HASH.$2');
const page = (site: ReturnType<typeof render>, language: 'en' | 'pt' | 'es') => {
  const pages = site.pages.get(language);
  assert.ok(pages, `${language} is offered`);
  return pages.home;
};
const alternateLinks = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`);
const EVERY_ALTERNATE = [
  'en https://example.com/',
  'pt-BR https://example.com/pt/',
  'es https://example.com/es/',
  'x-default https://example.com/',
];

describe('English alone (SITE_LANGUAGES=en)', () => {
  it('is the page, the 404 and the sitemap exactly as they were before languages', () => {
    const site = render({ languages: ['en'] });
    assert.equal(maskAssets(site.home), reference('home.html'));
    assert.equal(maskAssets(site.notFound), reference('404.html'));
    assert.equal(site.sitemapXml, reference('sitemap.xml'));
    assert.deepEqual([...site.pages.keys()], ['en']);
  });
});

describe('three languages', () => {
  const site = render();

  it('gives each page its language, its canonical link and its OpenGraph locales', () => {
    const expected = {
      en: ['en', 'https://example.com/', 'en_US', ['pt_BR', 'es_LA']],
      pt: ['pt-BR', 'https://example.com/pt/', 'pt_BR', ['en_US', 'es_LA']],
      es: ['es', 'https://example.com/es/', 'es_LA', ['en_US', 'pt_BR']],
    } as const;
    for (const [language, [tag, canonical, locale, others]] of Object.entries(expected)) {
      const html = page(site, language as 'en');
      assert.match(html, new RegExp(`^<!DOCTYPE html><html lang="${tag}">`));
      assert.match(html, new RegExp(`<link rel="canonical" href="${canonical}"/>`));
      assert.match(html, new RegExp(`<meta property="og:url" content="${canonical}"/>`));
      assert.match(html, new RegExp(`<meta property="og:locale" content="${locale}"/>`));
      const alternates = [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"\/>/g)].map(
        (m) => m[1],
      );
      assert.deepEqual(alternates, others);
    }
  });

  it('links every page to every language and the x-default, the same list on each', () => {
    for (const language of ['en', 'pt', 'es'] as const)
      assert.deepEqual(alternateLinks(page(site, language)), EVERY_ALTERNATE);
  });

  it('lists each page in the sitemap with all its alternates', () => {
    const entries = [...site.sitemapXml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] as string);
    assert.deepEqual(
      entries.map((entry) => /<loc>([^<]+)<\/loc>/.exec(entry)?.[1]),
      ['https://example.com/', 'https://example.com/pt/', 'https://example.com/es/'],
    );
    for (const entry of entries) {
      assert.match(entry, /<lastmod>2026-11-20<\/lastmod>/);
      const links = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)];
      assert.deepEqual(
        links.map((m) => `${m[1]} ${m[2]}`),
        EVERY_ALTERNATE,
      );
    }
    assert.match(site.sitemapXml, /xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml"/);
  });

  it('has a switcher of plain links, each with its lang and hreflang, the current one marked', () => {
    const html = page(site, 'pt');
    const switcher = /<nav class="language-switcher" aria-label="Idioma">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const links = [...switcher.matchAll(/<a ([^>]+)>([^<]+)<\/a>/g)].map((m) => `${m[2]}: ${m[1]}`);
    assert.deepEqual(links, [
      'EN: href="/" lang="en" hrefLang="en" aria-label="EN, English"',
      'PT: href="/pt/" lang="pt-BR" hrefLang="pt-BR" aria-current="page" aria-label="PT, Português"',
      'ES: href="/es/" lang="es" hrefLang="es" aria-label="ES, Español"',
    ]);
  });

  it("speaks the page's language in its own words, its form and its structured data", () => {
    const pt = page(site, 'pt');
    assert.match(pt, /<a class="skip-link" href="#main">Pular para o conteúdo principal<\/a>/);
    assert.match(pt, /<h3>Agende sua chamada inicial gratuita<\/h3>/);
    assert.match(pt, /<label for="lead-name">Nome \*<\/label>/);
    assert.match(pt, /placeholder="Seu nome completo"/);
    assert.match(pt, />Agendar chamada gratuita<\/button>/);
    assert.match(pt, /<input type="hidden" name="language" value="pt-BR"\/>/);
    assert.match(pt, /data-language="pt"/);
    assert.match(pt, /<h3>Entre em contato<\/h3>/);
    assert.match(pt, /Todos os direitos reservados\./);
    assert.match(pt, /<a class="brand" href="\/pt\/">/);
    const data = JSON.parse(/<script type="application\/ld\+json">([^<]+)<\/script>/.exec(pt)?.[1] ?? '{}');
    const webPage = data['@graph'].find((node: { '@type': string }) => node['@type'] === 'WebPage');
    assert.equal(webPage.inLanguage, 'pt-BR');
    assert.equal(webPage.url, 'https://example.com/pt/');
    const service = data['@graph'].find((node: { '@type': string }) => node['@type'] === 'ProfessionalService');
    assert.equal(service.hasOfferCatalog.name, 'Serviços');
    assert.equal(service.description, shippedContent.page.description.pt);

    const es = page(site, 'es');
    assert.match(es, /<h3>Agenda tu llamada inicial gratuita<\/h3>/);
    assert.match(es, /<label for="lead-email">Correo electrónico \*<\/label>/);
    assert.match(es, /<h3>Ponte en contacto<\/h3>/);
    assert.match(es, /<input type="hidden" name="language" value="es"\/>/);
    // The English form sends no language: a missing one is English.
    assert.doesNotMatch(page(site, 'en'), /name="language"/);
  });

  it('writes numbers in the language: the days leads are kept', () => {
    const site = render({ leadRetentionDays: 1000 });
    assert.match(page(site, 'en'), /deleted after 1,000 days, or after the call you book here if that is later\./);
    assert.match(
      page(site, 'pt'),
      /excluídos após 1\.000 dias, ou após a chamada que você marcar aqui, se for depois\./,
    );
    assert.match(
      page(site, 'es'),
      /eliminan después de 1000 días, o después de la llamada que reserves aquí, si es más tarde\./,
    );
  });

  it('gives each language its not-found page, linking back to its own page', () => {
    const notFound = site.pages.get('pt')?.notFound ?? '';
    assert.match(notFound, /^<!DOCTYPE html><html lang="pt-BR">/);
    assert.match(notFound, /<p class="not-found-text">Ops! Página não encontrada<\/p>/);
    assert.match(notFound, /<a class="button button-primary" href="\/pt\/">Voltar ao início<\/a>/);
    assert.match(notFound, /<meta name="robots" content="noindex"\/>/);
    assert.match(site.pages.get('es')?.notFound ?? '', /¡Ups! Página no encontrada[\s\S]*Volver al inicio/);
  });
});

describe('a language with a text missing', () => {
  const content = edited('services.1.title', { en: 'Markets First', pt: 'Mercados primeiro' }) as Content;
  const site = render({ content });

  it('is offered nowhere: no page, no alternate, no sitemap entry, no switcher link', () => {
    assert.deepEqual([...site.pages.keys()], ['en', 'pt']);
    const expected = ['en https://example.com/', 'pt-BR https://example.com/pt/', 'x-default https://example.com/'];
    for (const language of ['en', 'pt'] as const) {
      const html = page(site, language);
      assert.deepEqual(alternateLinks(html), expected);
      assert.doesNotMatch(html, /href="\/es\/"|es_LA/);
    }
    assert.doesNotMatch(site.sitemapXml, /\/es\//);
  });

  it('leaves English alone when no other language is complete: the page as it was', () => {
    const none = render({ content: withoutTranslations(shippedContent, 'services.1') as Content });
    assert.deepEqual([...none.pages.keys()], ['en']);
    assert.equal(maskAssets(none.home), reference('home.html'));
  });
});

describe('rendering again after a publish', () => {
  it('keeps the pages of a language whose text, offer and options are unchanged, and renders the others', () => {
    const first = render();
    const again = render({
      content: edited('hero.headline.es', 'Tu startup, al mundo') as Content,
      previous: first,
    });
    assert.equal(again.pages.get('en'), first.pages.get('en'));
    assert.equal(again.pages.get('pt'), first.pages.get('pt'));
    assert.notEqual(again.pages.get('es'), first.pages.get('es'));
    assert.match(page(again, 'es'), /Tu startup, al mundo/);
    // A language leaving the offer changes every other page's alternates: all are rendered again.
    const fewer = render({ content: withoutTranslations(shippedContent, 'services.1') as Content, previous: first });
    assert.notEqual(fewer.pages.get('en'), first.pages.get('en'));
    assert.equal(maskAssets(fewer.home), reference('home.html'));
  });
});
