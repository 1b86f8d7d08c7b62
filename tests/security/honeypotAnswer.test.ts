/**
 * A bot cannot tell that its submission was filtered: a filled honeypot is
 * answered exactly like a stored lead whose SMS was not sent (same status,
 * body and headers) and after about as long; it is kept as spam for the
 * owner to review, and nothing is sent for it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSitesPerTest, LEAD_PATH } from '../support/leadSite';

const leadSite = leadSitesPerTest();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function timedPost(url: string, body: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(`${url}${LEAD_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  const headers = [...res.headers.keys()]
    .filter((h) => !['date', 'x-request-id', 'ratelimit', 'content-length'].includes(h))
    .sort();
  return { status: res.status, text, headers, ms };
}

describe('a filled honeypot', () => {
  it('gets the answer of a stored lead whose SMS failed, after a similar time, and nothing is sent for it', async () => {
    const s = await leadSite({ sms: true, email: false });
    await s.twilio.setMode('fail500');
    const real = [];
    const bot = [];
    for (let i = 0; i < 7; i++) {
      real.push(await timedPost(s.url, { name: `Person ${i}`, company: 'Acme', email: `p${i}@example.com` }));
      bot.push(
        await timedPost(s.url, {
          name: `Bot ${i}`,
          company: 'Spam',
          email: `b${i}@example.com`,
          website: 'http://spam.example',
        }),
      );
    }
    for (const answer of [...real, ...bot]) {
      assert.equal(answer.status, 200);
      assert.equal(answer.text, '{"success":true,"notificationResult":false}');
    }
    assert.deepEqual(bot[0]?.headers, real[0]?.headers, 'the same headers');
    const [realMs, botMs] = [median(real.slice(2).map((a) => a.ms)), median(bot.slice(2).map((a) => a.ms))];
    assert.ok(
      botMs >= realMs * 0.4,
      `a filtered answer is not instant: ${botMs.toFixed(1)} ms against ${realMs.toFixed(1)} ms`,
    );
    assert.ok(botMs <= realMs * 3 + 25, `nor much slower: ${botMs.toFixed(1)} ms against ${realMs.toFixed(1)} ms`);
    assert.deepEqual(
      s
        .rows()
        .map((r) => r.verdict)
        .sort(),
      [...Array(7).fill('spam'), ...Array(7).fill('verified')],
      'the bots kept as spam',
    );
    assert.ok(
      s.twilio.messages.every((m) => !m.body.includes('Bot')),
      'no alert for a bot',
    );
  });
});
