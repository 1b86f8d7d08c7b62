// The page's content published from the inbox: 20 times, a footer text saved as the draft and
// published, as the owner's phone would (the form's POSTs with his session's cookie). Prints the
// publish's time (on loopback the round trip is the server's time plus a few tens of microseconds:
// the new revision written, the page rendered and compressed again and put in place) and checks the
// next GET / carries the new text. `npm run bench` publishes 20 times before it measures GET /, so
// the page figures are those of a server that has served many revisions; after its memory figures it
// uploads a hero photo (publishHeroPhoto, which `npm run audit` uses too) and measures memory again.
import http from 'node:http';
import { request } from './inbox.mjs';

const PUBLISHES = 20;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Saves and publishes the footer's title `count` times; the publishes' times in ms, sorted. */
export async function publishMany(origin, cookie, count = PUBLISHES) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const form = (fields) => ({
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const times = [];
  try {
    for (let i = 1; i <= count; i++) {
      const page = await request(agent, `${origin}/owner/content/footer`, { headers: { Cookie: cookie } });
      const value = (name) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body)?.[1] ?? '';
      const [csrf, version, year] = [value('_csrf'), value('version'), value('footer.year')];
      const title = `Bench revision ${i}`;
      const fields = { _csrf: csrf, version, 'footer.title': title, 'footer.year': year };
      const saved = await request(agent, `${origin}/owner/content/footer`, form(fields));
      if (saved.status !== 303) throw new Error(`saving the draft answered ${saved.status}`);
      const started = process.hrtime.bigint();
      const published = await request(
        agent,
        `${origin}/owner/content/publish`,
        form({ _csrf: csrf, version: String(Number(version) + 1) }),
      );
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (published.status !== 303) throw new Error(`publishing answered ${published.status}`);
      const home = await request(agent, `${origin}/`);
      if (!home.body.includes(title)) throw new Error(`GET / right after publish ${i} does not show it`);
    }
  } finally {
    agent.destroy();
  }
  return times.sort((a, b) => a - b);
}

export function describePublishes(times, fmt) {
  return `${times.length} publishes from the inbox (each the next GET / checked): median ${fmt(percentile(times, 50), 1)} ms, p90 ${fmt(percentile(times, 90), 1)} ms, max ${fmt(times.at(-1), 1)} ms (target < 200 ms)`;
}

/** A photo like a phone's (12 megapixels, soft detail), uploaded as the hero photo from the inbox, given its alt text, and published. */
export async function publishHeroPhoto(origin, cookie) {
  const sharp = (await import('sharp')).default;
  const photo = await sharp({
    create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .blur(6)
    .jpeg({ quality: 88 })
    .toBuffer();
  const field = (html, name) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const page = async (path) => (await fetch(`${origin}${path}`, { headers: { Cookie: cookie } })).text();
  const hero = await page('/owner/content/hero');
  const upload = new FormData();
  upload.set('_csrf', field(hero, '_csrf'));
  upload.set('version', field(hero, 'version'));
  upload.set('image', new Blob([photo], { type: 'image/jpeg' }), 'me.jpg');
  const uploaded = await fetch(`${origin}/owner/content/photo`, {
    method: 'POST',
    headers: { Cookie: cookie, Accept: 'application/json' },
    body: upload,
  });
  if (!uploaded.ok) throw new Error(`the photo upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const form = new URLSearchParams();
  const edited = await page('/owner/content/hero');
  for (const [, name, value] of edited.matchAll(/<input[^>]* name="([^"]+)"[^>]* value="([^"]*)"/g))
    form.set(name, value);
  for (const [, name, value] of edited.matchAll(/<textarea[^>]* name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g))
    form.set(name, value);
  form.set('hero.photo.alt', 'Anna Volkova speaking at a conference');
  const post = (path, body) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
  const saved = await post('/owner/content/hero', form.toString());
  if (saved.status !== 303) throw new Error(`saving the alt text answered ${saved.status}`);
  const version = field(await page('/owner/content'), 'version');
  const published = await post(
    '/owner/content/publish',
    new URLSearchParams({ _csrf: form.get('_csrf'), version }).toString(),
  );
  if (published.status !== 303) throw new Error(`publishing answered ${published.status}`);
  if (!(await (await fetch(`${origin}/`)).text()).includes('hero-photo'))
    throw new Error('the published page has no photo');
}
