/**
 * LEAD_AUTO_REPLY=true: every verified lead receives one thank-you e-mail,
 * from ALERT_EMAIL_FROM with Reply-To the owner's CONTACT_EMAIL, a fixed text
 * in the language of the lead's page that repeats nothing the visitor typed;
 * at most one per address per 24 hours; never for an unverified lead or spam;
 * and, as an alert of the durable queue, delayed by an SMTP outage but never
 * lost.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALERT_EMAIL_FROM, ALERT_EMAIL_TO, leadSitesPerTest, type LeadSite } from '../support/leadSite';
import { sleep, waitFor } from '../support/waitFor';

const site = leadSitesPerTest();
const CONTACT_EMAIL = 'anna@volkova.example';

async function replySite(env: Record<string, string> = {}): Promise<LeadSite & { advance(ms: number): void }> {
  let offset = 0;
  const s = await site({
    env: { LEAD_AUTO_REPLY: 'true', CONTACT_EMAIL, OWNER_NAME: 'Anna Volkova', ...env },
    now: () => Date.now() + offset,
  });
  return Object.assign(s, { advance: (ms: number) => void (offset += ms) });
}

const repliesTo = (s: LeadSite, address: string) => s.smtp.messages.filter((m) => m.to.includes(address));
const ownerAlerts = (s: LeadSite) => s.smtp.messages.filter((m) => m.to.includes(ALERT_EMAIL_TO));

describe('the auto-reply', () => {
  it('thanks a verified lead once, in the fixed text, repeating nothing they typed', async () => {
    const s = await replySite();
    await s.post({ name: 'Ada <3 "Countess"', company: 'Secret Project X', email: 'ada@example.com' });
    await waitFor(
      () => repliesTo(s, 'ada@example.com').length === 1 && ownerAlerts(s).length === 1,
      5000,
      'the reply and the alert',
    );
    const reply = repliesTo(s, 'ada@example.com')[0]!;
    assert.equal(reply.from, ALERT_EMAIL_FROM);
    assert.equal(reply.replyTo, CONTACT_EMAIL);
    assert.deepEqual(reply.envelope.to, ['ada@example.com']);
    assert.equal(reply.subject, 'Your free setup call with Anna Volkova');
    assert.match(reply.raw, /^Auto-Submitted: auto-replied\r?$/im, 'marked as an automatic reply');
    assert.ok(reply.text?.startsWith('Hello,\n\nThank you for your interest!'), reply.text);
    assert.match(reply.text ?? '', /within 24 hours/);
    assert.match(reply.text ?? '', new RegExp(`write to ${CONTACT_EMAIL.replace('.', '\\.')}`));
    assert.ok(reply.html?.includes('<p>Hello,</p>'), reply.html);
    assert.ok(!reply.raw.includes('Secret Project X'), 'not the company the visitor typed');
    assert.ok(!reply.raw.includes('Countess'), 'not the name the visitor typed');
    assert.deepEqual(
      s.rows().map((r) => r.verdict),
      ['verified'],
    );
    const row = s.services.db.prepare("SELECT status, attempts FROM alerts WHERE channel = 'reply'").get();
    assert.deepEqual(row, { status: 'sent', attempts: 1 });
  });

  it('goes at most once per address in 24 hours (any case), and again after that', async () => {
    const s = await replySite();
    await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' });
    await s.post({ name: 'Ada L.', company: 'Engines Ltd', email: 'ADA@example.com' });
    await waitFor(() => ownerAlerts(s).length === 2, 5000, 'two owner alerts');
    await sleep(300);
    assert.equal(repliesTo(s, 'ada@example.com').length, 1, 'one reply for two leads in a day');
    s.advance(24 * 3_600_000 + 1_000);
    await s.post({ name: 'Ada again', company: 'Engines', email: 'ada@example.com' });
    await waitFor(() => repliesTo(s, 'ada@example.com').length === 2, 5000, 'the reply of the next day');
  });

  it('never answers an unverified lead or spam', async () => {
    const s = await replySite({ LEAD_VERIFICATION: 'proof' });
    await s.post({ name: 'Grace', company: 'Navy', email: 'grace@example.com' }); // no proof: unverified
    await s.post({ name: 'Bot', company: 'Bots', email: 'bot@example.com', website: 'x' }); // spam
    await waitFor(() => ownerAlerts(s).length === 1, 5000, 'the [unverified] alert');
    await sleep(300);
    assert.deepEqual(
      s.rows().map((r) => r.verdict),
      ['unverified', 'spam'],
    );
    assert.equal(repliesTo(s, 'grace@example.com').length + repliesTo(s, 'bot@example.com').length, 0);
  });

  it("is written in the language of the lead's page: Spanish, Brazilian Portuguese", async () => {
    const s = await replySite();
    const from = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (test)', isJson: true };
    await s.services.leadService.submitLead(
      { name: 'Ana', company: 'Acme', email: 'ana@acme.es' },
      { ...from, language: 'es' },
    );
    await s.services.leadService.submitLead(
      { name: 'João', company: 'Loja', email: 'joao@loja.com.br' },
      { ...from, language: 'pt' },
    );
    await waitFor(
      () => repliesTo(s, 'ana@acme.es').length === 1 && repliesTo(s, 'joao@loja.com.br').length === 1,
      5000,
      'both replies',
    );
    const spanish = repliesTo(s, 'ana@acme.es')[0]!;
    assert.equal(spanish.subject, 'Tu llamada inicial gratuita con Anna Volkova');
    assert.ok(
      spanish.text?.startsWith('Hola:\n\n¡Gracias por tu interés! Te responderé en un plazo de 24 horas'),
      spanish.text,
    );
    assert.match(spanish.text ?? '', /\nSaludos cordiales,\nAnna Volkova\n/);
    assert.match(spanish.text ?? '', /escríbeme a anna@volkova\.example/);
    assert.ok(spanish.html?.includes('<p>Hola:</p>'), spanish.html);
    assert.equal(spanish.replyTo, CONTACT_EMAIL);
    const portuguese = repliesTo(s, 'joao@loja.com.br')[0]!;
    assert.equal(portuguese.subject, 'Sua chamada inicial gratuita com Anna Volkova');
    assert.ok(
      portuguese.text?.startsWith('Olá,\n\nObrigado pelo seu interesse! Retornarei em até 24 horas'),
      portuguese.text,
    );
    assert.match(portuguese.text ?? '', /\nUm abraço,\nAnna Volkova\n/);
    assert.ok(!portuguese.raw.includes('Loja') && !spanish.raw.includes('Acme'), 'nothing the visitor typed');
  });

  it('is delayed by an SMTP outage, then sent once', async () => {
    const s = await replySite();
    s.smtp.setMode('reject');
    await s.post({ name: 'Ada', company: 'Engines', email: 'ada@example.com' });
    const reply = () =>
      s.services.db.prepare("SELECT status, attempts FROM alerts WHERE channel = 'reply'").get() as {
        status: string;
        attempts: number;
      };
    await waitFor(() => reply().attempts >= 2, 5000, 'failed attempts');
    assert.equal(reply().status, 'pending', 'kept for the next attempt');
    s.smtp.setMode('up');
    await waitFor(() => reply().status === 'sent', 5000, 'the reply');
    await sleep(300);
    assert.equal(repliesTo(s, 'ada@example.com').length, 1);
  });
});
