/**
 * Where a visit or a lead came from, as the owner reads it in the alerts and
 * in `leads report`: the campaign (utm_*) values, the referring site's host,
 * 'direct' or 'not known'; every value one line of visible text of at most
 * 100 characters; robots not counted as visits.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cleanValue,
  describeSource,
  hostOf,
  isRobot,
  leadSourceOf,
  referrerHost,
  sourceOf,
  utmFrom,
  utmFromQuery,
  viewSource,
} from '../../src/sources/attribution';

const OWN = 'example.com';
const noUtm = { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null };

describe('cleanValue', () => {
  it('keeps a plain value as it is', () => {
    assert.equal(cleanValue('linkedin'), 'linkedin');
    assert.equal(cleanValue('Spring Sale 2026'), 'Spring Sale 2026');
  });

  it('makes one line of visible text: control and format characters become a space, runs of spaces one, ends trimmed', () => {
    assert.equal(cleanValue('spring\nsale'), 'spring sale');
    assert.equal(cleanValue('spring\r\n\tsale'), 'spring sale');
    assert.equal(cleanValue('news\u2028letter\u2029x'), 'news letter x');
    assert.equal(
      cleanValue('evil\u202Etxt.exe'),
      'evil txt.exe',
      'a bidi override cannot reorder what the owner reads',
    );
    assert.equal(cleanValue('zero\u200Bwidth'), 'zero width');
    assert.equal(cleanValue('a    b'), 'a b');
    assert.equal(cleanValue('  linkedin  '), 'linkedin');
    assert.equal(cleanValue('\u0000linkedin\u0007'), 'linkedin');
  });

  it('keeps nothing when nothing visible is left, or when the value is not text', () => {
    assert.equal(cleanValue(''), null);
    assert.equal(cleanValue('   '), null);
    assert.equal(cleanValue('\n\u200B\t'), null);
    assert.equal(cleanValue(undefined), null);
    assert.equal(cleanValue(null), null);
    assert.equal(cleanValue(42), null);
    assert.equal(cleanValue(['linkedin']), null);
    assert.equal(cleanValue({ toString: () => 'linkedin' }), null);
  });

  it('drops a value with a link or markup, as grading does for a name, invisible characters or not', () => {
    assert.equal(cleanValue('URGENT payment hold - confirm at https://evil.example/login'), null);
    assert.equal(cleanValue('see www.evil.example'), null);
    assert.equal(cleanValue('<a href=x>newsletter</a>'), null);
    assert.equal(cleanValue('confirm at https\u200B://evil.example'), null);
    assert.equal(cleanValue('confirm at http\n://evil.example'), null);
    assert.equal(cleanValue(`${'x'.repeat(120)} https://evil.example`), null, 'also past the cut');
    assert.equal(cleanValue('news.example.org'), 'news.example.org', 'a bare domain is no link');
    assert.equal(cleanValue('I <3 newsletters'), 'I <3 newsletters');
  });

  it('cuts a value to 100 characters (code points, so an emoji is never split)', () => {
    assert.equal(cleanValue('x'.repeat(100)), 'x'.repeat(100));
    assert.equal(cleanValue('x'.repeat(150)), 'x'.repeat(100));
    assert.equal(cleanValue('🚀'.repeat(120)), '🚀'.repeat(100));
    assert.equal(cleanValue(`${'y'.repeat(99)}🚀🚀`), `${'y'.repeat(99)}🚀`);
  });
});

describe('utmFrom and utmFromQuery', () => {
  it('reads the five campaign fields, cleaned, and nothing else', () => {
    assert.deepEqual(
      utmFrom({
        utm_source: ' LinkedIn ',
        utm_medium: 'social',
        utm_campaign: 'q1\nlaunch',
        utm_term: '',
        utm_content: 7,
        other: 'x',
      }),
      {
        utm_source: 'LinkedIn',
        utm_medium: 'social',
        utm_campaign: 'q1 launch',
        utm_term: null,
        utm_content: null,
      },
    );
    assert.deepEqual(utmFrom({}), noUtm);
  });

  it('reads them from a landing URL query string, decoded', () => {
    assert.deepEqual(
      utmFromQuery(
        '?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale&utm_term=growth+strategy&utm_content=footer&ref=x',
      ),
      {
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring sale',
        utm_term: 'growth strategy',
        utm_content: 'footer',
      },
    );
    assert.deepEqual(utmFromQuery(''), noUtm);
    assert.deepEqual(utmFromQuery('?utm_source='), noUtm);
    assert.deepEqual(utmFromQuery('utm_campaign=q1'), { ...noUtm, utm_campaign: 'q1' });
  });
});

describe('referrerHost and hostOf', () => {
  it('gives the referring site host, lower-case, without a leading www.', () => {
    assert.equal(referrerHost('https://news.example.org/post/1?x=y', OWN), 'news.example.org');
    assert.equal(referrerHost('http://News.Example.ORG/', OWN), 'news.example.org');
    assert.equal(referrerHost('https://www.linkedin.com/feed/', OWN), 'linkedin.com');
    assert.equal(referrerHost('https://WWW.Google.com/', OWN), 'google.com');
    assert.equal(
      referrerHost('https://awww.example.net/', OWN),
      'awww.example.net',
      'only a www. label at the start goes',
    );
    assert.equal(referrerHost('https://blog.www.example.net/', OWN), 'blog.www.example.net');
  });

  it('has no host for this site, for what is not an http(s) URL, and for nothing', () => {
    assert.equal(referrerHost('https://example.com/about', OWN), undefined);
    assert.equal(referrerHost('https://www.example.com/about', OWN), undefined);
    assert.equal(referrerHost('android-app://com.linkedin.android/', OWN), undefined);
    assert.equal(referrerHost('ftp://files.example.org/a', OWN), undefined);
    assert.equal(referrerHost('not a url', OWN), undefined);
    assert.equal(referrerHost('', OWN), undefined);
    assert.equal(referrerHost(undefined, OWN), undefined);
  });

  it('writes this site host the same way, so its own pages are recognised', () => {
    assert.equal(hostOf('https://www.Example.com/'), 'example.com');
    assert.equal(hostOf('http://localhost:3000'), 'localhost');
    assert.equal(hostOf('https://awww.example.com'), 'awww.example.com');
  });
});

describe('leadSourceOf', () => {
  const json = { referer: 'https://example.com/?utm_source=ignored', isJson: true };

  it('takes the campaign and referrer the form island sends', () => {
    assert.deepEqual(
      leadSourceOf(
        { utm_source: 'linkedin', utm_campaign: 'q1', referrer: 'https://www.linkedin.com/feed/' },
        json,
        OWN,
      ),
      {
        ...noUtm,
        utm_source: 'linkedin',
        utm_campaign: 'q1',
        referrer: 'linkedin.com',
      },
    );
  });

  it('calls a JSON lead without a referrer direct, and keeps the campaign it sent over the page URL', () => {
    assert.deepEqual(leadSourceOf({ utm_medium: 'email' }, json, OWN), {
      ...noUtm,
      utm_medium: 'email',
      referrer: 'direct',
    });
    assert.deepEqual(leadSourceOf({ referrer: '' }, { referer: undefined, isJson: true }, OWN), {
      ...noUtm,
      referrer: 'direct',
    });
    assert.deepEqual(leadSourceOf({ referrer: 'https://example.com/' }, { referer: undefined, isJson: true }, OWN), {
      ...noUtm,
      referrer: 'direct',
    });
  });

  it('reads a referrer only when it is text', () => {
    assert.deepEqual(
      leadSourceOf({ referrer: ['https://news.example.org/'] }, { referer: undefined, isJson: true }, OWN),
      { ...noUtm, referrer: 'direct' },
    );
  });

  it('reads the campaign of a form posted without JavaScript from its Referer, our page; the site before it is not known', () => {
    const form = { referer: 'https://example.com/?utm_source=newsletter&utm_content=footer', isJson: false };
    assert.deepEqual(leadSourceOf({ name: 'Ada' }, form, OWN), {
      ...noUtm,
      utm_source: 'newsletter',
      utm_content: 'footer',
      referrer: null,
    });
    assert.deepEqual(leadSourceOf({}, { referer: 'not a url', isJson: false }, OWN), { ...noUtm, referrer: null });
    assert.deepEqual(leadSourceOf({}, { referer: undefined, isJson: false }, OWN), { ...noUtm, referrer: null });
  });
});

describe('viewSource', () => {
  it('counts a visit under its utm_source, else the referring host, else direct, in lower case', () => {
    assert.equal(viewSource('?utm_source=LinkedIn&utm_campaign=q1', undefined, OWN), 'linkedin');
    assert.equal(viewSource('?utm_source=newsletter', 'https://news.example.org/post/1', OWN), 'newsletter');
    assert.equal(viewSource('', 'https://www.news.example.org/post/1', OWN), 'news.example.org');
    assert.equal(viewSource('?utm_medium=email', 'https://news.example.org/', OWN), 'news.example.org');
    assert.equal(viewSource('', undefined, OWN), 'direct');
    assert.equal(viewSource('', 'http://example.com/some-page', OWN), 'direct');
    assert.equal(viewSource('?page=2', undefined, OWN), 'direct');
  });
});

describe('isRobot', () => {
  it('knows clients that call themselves bots, crawlers, spiders or Slurp, and those with no name', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; BINGBOT/2.0)',
      'Linguee crawler',
      'Sogou web spider/4.0',
      'Mozilla/5.0 (compatible; Yahoo! Slurp)',
      '',
      undefined,
    ]) {
      assert.equal(isRobot(ua), true, String(ua));
    }
  });

  it('counts browsers as visitors', () => {
    for (const ua of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'curl/8.5.0',
    ]) {
      assert.equal(isRobot(ua), false, ua);
    }
  });
});

describe('describeSource', () => {
  it('writes the campaign values set, in field order, and the referring site', () => {
    assert.equal(
      describeSource({ ...noUtm, utm_source: 'linkedin', utm_campaign: 'q1', referrer: 'news.example.org' }),
      'utm_source=linkedin, utm_campaign=q1 (via news.example.org)',
    );
    assert.equal(
      describeSource({
        utm_source: 's',
        utm_medium: 'm',
        utm_campaign: 'c',
        utm_term: 't',
        utm_content: 'x',
        referrer: null,
      }),
      'utm_source=s, utm_medium=m, utm_campaign=c, utm_term=t, utm_content=x',
    );
  });

  it('writes the campaign alone when the lead came direct or from an unknown site', () => {
    assert.equal(describeSource({ ...noUtm, utm_medium: 'email', referrer: 'direct' }), 'utm_medium=email');
    assert.equal(describeSource({ ...noUtm, utm_medium: 'email', referrer: null }), 'utm_medium=email');
  });

  it('writes the site alone, direct, or not known', () => {
    assert.equal(describeSource({ ...noUtm, referrer: 'news.example.org' }), 'news.example.org');
    assert.equal(describeSource({ ...noUtm, referrer: 'direct' }), 'direct');
    assert.equal(describeSource({ ...noUtm, referrer: null }), 'not known');
  });
});

describe('sourceOf', () => {
  it('reads a stored lead row as a source, cleaned again', () => {
    const row = {
      utm_source: 'linkedin',
      utm_medium: null,
      utm_campaign: 'q1\u202E',
      utm_term: null,
      utm_content: null,
      referrer: 'news.example.org',
    };
    assert.deepEqual(sourceOf(row), {
      ...noUtm,
      utm_source: 'linkedin',
      utm_campaign: 'q1',
      referrer: 'news.example.org',
    });
    assert.equal(describeSource(sourceOf(row)), 'utm_source=linkedin, utm_campaign=q1 (via news.example.org)');
    assert.deepEqual(sourceOf({ ...noUtm, referrer: null }), { ...noUtm, referrer: null });
  });
});
