/**
 * The page is rendered from the content it is given: an edited text is on the page and in its
 * structured data, the text it replaced is gone, and markup typed into a text is shown as text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { profile } from '../../src/content/content';
import { shippedContent } from '../../src/content/defaults';
import type { Content } from '../../src/content/schema';
import { assetsDir } from '../../src/lib/paths';
import { loadAssets } from '../../src/pages/assets';
import { renderSite } from '../../src/pages/site';
import { edited } from '../support/contentEdits';

const render = (content: unknown) =>
  renderSite(profile, 'https://example.com', loadAssets(assetsDir), { content: content as Content });

describe('the page from its content', () => {
  it('shows an edited service title, in the card and in the structured data, and not the old one', () => {
    const { home } = render(edited('services.1.title', { en: 'Markets First' }));
    assert.match(home, /<h3>Markets First<\/h3>/);
    assert.match(home, /"name":"Markets First"/);
    assert.doesNotMatch(home, /Who We Sell To/);
  });

  it('shows as many services and publications as the content has', () => {
    const content = edited('services', shippedContent.services.slice(0, 3));
    const { home } = render(edited('publications', shippedContent.publications.slice(0, 1), content));
    assert.equal(home.match(/class="card service-card"/g)?.length, 3);
    assert.equal(home.match(/class="card card-link publication-card"/g)?.length, 1);
  });

  it('shows markup typed into a text as text', () => {
    const { home } = render(edited('hero.headline', { en: '<b>Bold</b> & <script>x</script>' }));
    assert.match(home, /&lt;b&gt;Bold&lt;\/b&gt; &amp; &lt;script&gt;x&lt;\/script&gt;/);
    assert.doesNotMatch(home, /<b>Bold<\/b>/);
  });

  it("names a publication's country from its code", () => {
    const { home } = render(edited('publications.0.country', 'US'));
    const card = home.slice(home.indexOf('publication-card'), home.indexOf('publication-title'));
    assert.match(card, /USA/);
  });

  it("dates the sitemap by the revision's publication, and a preview has its banner", () => {
    const assets = loadAssets(assetsDir);
    const dated = renderSite(profile, 'https://example.com', assets, {
      content: shippedContent,
      publishedAt: '2031-05-06T07:08:09.000Z',
    });
    assert.match(dated.sitemapXml, /<url><loc>https:\/\/example\.com\/<\/loc><lastmod>2031-05-06<\/lastmod><\/url>/);
    assert.doesNotMatch(render(shippedContent).sitemapXml, /lastmod/);
    assert.doesNotMatch(render(shippedContent).home, /preview-banner/);
    const preview = renderSite(profile, 'https://example.com', assets, {
      content: shippedContent,
      preview: { text: 'Preview of your draft', links: [{ href: '/owner/content', label: 'Back' }] },
    });
    assert.match(preview.home, /<div class="preview-banner" role="status"><strong>Preview of your draft<\/strong>/);
  });
});
