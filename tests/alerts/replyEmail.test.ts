/**
 * The auto-reply a verified lead receives: the exact text and HTML the
 * visitor reads, in the language of the page they wrote from, from our address with replies going to the owner, marked
 * Auto-Submitted, repeating nothing the visitor typed (anyone may type a
 * stranger's address), and one Message-ID for every copy of one lead's reply.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildReplyEmail } from '../../src/alerts/replyMessage';

const profile = {
  name: 'Anna Berg',
  email: 'anna@anna.example',
  phone: '+49 30 1234567',
  linkedinUrl: 'https://www.linkedin.com/in/annaberg',
  messengerUrl: 'https://t.me/annaberg',
  videoUrl: 'https://video.example/intro',
  videoThumbnailUrl: 'https://video.example/intro.jpg',
};
const lead = { id: 7, createdAt: '2026-03-04T05:06:07.890Z', name: 'Ada Lovelace', email: 'ada@example.com' };
const envelope = { from: 'Anna Berg <hello@anna.example>', profile };

describe('buildReplyEmail', () => {
  it('writes the text part the visitor reads', () => {
    assert.equal(
      buildReplyEmail(lead, envelope).text,
      'Hello,\n' +
        '\n' +
        "Thank you for your interest! I'll get back to you within 24 hours to schedule your free setup call.\n" +
        '\n' +
        'If you would like to reach me sooner, write to anna@anna.example, call +49 30 1234567, or message me on Telegram (https://t.me/annaberg) or LinkedIn (https://www.linkedin.com/in/annaberg).\n' +
        '\n' +
        'Best regards,\n' +
        'Anna Berg\n' +
        '\n' +
        '--\n' +
        'You receive this one e-mail because this address was entered in the contact form of my website. If that was not you, please ignore it.\n',
    );
  });

  it('writes the HTML part with the same text, escaped', () => {
    assert.equal(
      buildReplyEmail(lead, { ...envelope, profile: { ...profile, name: 'Anna & Co' } }).html,
      '<!doctype html><html><body style="font-family:sans-serif">\n' +
        '<p>Hello,</p>\n' +
        '<p>Thank you for your interest! I&#39;ll get back to you within 24 hours to schedule your free setup call.</p>\n' +
        '<p>If you would like to reach me sooner, write to anna@anna.example, call +49 30 1234567, or message me on Telegram (https://t.me/annaberg) or LinkedIn (https://www.linkedin.com/in/annaberg).</p>\n' +
        '<p>Best regards,<br>Anna &amp; Co</p>\n' +
        '<p style="color:#666;font-size:small">You receive this one e-mail because this address was entered in the contact form of my website. If that was not you, please ignore it.</p>\n' +
        '</body></html>',
    );
  });

  it('goes to the lead, from our address, with replies going to the owner', () => {
    const mail = buildReplyEmail(lead, envelope);
    assert.equal(mail.from, 'Anna Berg <hello@anna.example>');
    assert.equal(mail.to, 'ada@example.com');
    assert.equal(mail.replyTo, 'anna@anna.example');
    assert.equal(mail.subject, 'Your free setup call with Anna Berg');
  });

  it('is marked as an automatic reply, so the lead autoresponder does not answer it', () => {
    assert.deepEqual(buildReplyEmail(lead, envelope).headers, { 'Auto-Submitted': 'auto-replied' });
  });

  it('repeats nothing the visitor typed, whatever the name holds', () => {
    const name = 'Claim your 500 USD gift card at prize-claim.example/x7 today';
    const mail = buildReplyEmail({ ...lead, name } as typeof lead, envelope);
    assert.ok(mail.text.startsWith('Hello,\n\n'), mail.text);
    for (const part of [mail.text, mail.html, mail.subject]) {
      assert.ok(!part.includes('gift card'), part);
      assert.ok(!part.includes('prize-claim'), part);
    }
  });

  it('keeps the subject on one line whatever the owner name holds', () => {
    assert.equal(
      buildReplyEmail(lead, { ...envelope, profile: { ...profile, name: 'Anna\nBerg' } }).subject,
      'Your free setup call with Anna Berg',
    );
  });

  it('is written in Spanish to a lead from the Spanish page', () => {
    const mail = buildReplyEmail(
      { ...lead, language: 'es' },
      { ...envelope, profile: { ...profile, name: 'Anna Volkova' } },
    );
    assert.equal(mail.subject, 'Tu llamada inicial gratuita con Anna Volkova');
    assert.equal(
      mail.text,
      'Hola:\n' +
        '\n' +
        '¡Gracias por tu interés! Te responderé en un plazo de 24 horas para agendar tu llamada inicial gratuita.\n' +
        '\n' +
        'Si quieres hablar conmigo antes, escríbeme a anna@anna.example, llámame al +49 30 1234567 o envíame un mensaje por Telegram (https://t.me/annaberg) o LinkedIn (https://www.linkedin.com/in/annaberg).\n' +
        '\n' +
        'Saludos cordiales,\n' +
        'Anna Volkova\n' +
        '\n' +
        '--\n' +
        'Recibes este único correo porque esta dirección se ingresó en el formulario de contacto de mi sitio web. Si no fuiste tú, ignóralo.\n',
    );
    assert.equal(mail.replyTo, 'anna@anna.example');
    assert.deepEqual(mail.headers, { 'Auto-Submitted': 'auto-replied' });
  });

  it('is written in Brazilian Portuguese to a lead from the Portuguese page, escaped as the English one', () => {
    const mail = buildReplyEmail(
      { ...lead, language: 'pt-BR' },
      { ...envelope, profile: { ...profile, name: 'Anna & Co' } },
    );
    assert.equal(mail.subject, 'Sua chamada inicial gratuita com Anna & Co');
    assert.equal(
      mail.html,
      '<!doctype html><html><body style="font-family:sans-serif">\n' +
        '<p>Olá,</p>\n' +
        '<p>Obrigado pelo seu interesse! Retornarei em até 24 horas para agendar sua chamada inicial gratuita.</p>\n' +
        '<p>Se quiser falar comigo antes, escreva para anna@anna.example, ligue para +49 30 1234567 ou mande uma mensagem no Telegram (https://t.me/annaberg) ou no LinkedIn (https://www.linkedin.com/in/annaberg).</p>\n' +
        '<p>Um abraço,<br>Anna &amp; Co</p>\n' +
        '<p style="color:#666;font-size:small">Você recebeu este único e-mail porque este endereço foi informado no formulário de contato do meu site. Se não foi você, pode ignorá-lo.</p>\n' +
        '</body></html>',
    );
    assert.ok(mail.text.startsWith('Olá,\n\nObrigado pelo seu interesse!'), mail.text);
  });

  it('is in English for an English lead, or one whose language the site does not speak', () => {
    for (const language of ['en', 'fr', undefined]) {
      const mail = buildReplyEmail({ ...lead, language }, envelope);
      assert.equal(mail.subject, 'Your free setup call with Anna Berg', String(language));
      assert.ok(mail.text.startsWith('Hello,\n\nThank you for your interest!'), String(language));
    }
  });

  it('gives every copy of a lead reply one Message-ID on our domain', () => {
    assert.equal(buildReplyEmail(lead, envelope).messageId, '<reply-7-20260304050607890@anna.example>');
    assert.equal(
      buildReplyEmail({ ...lead, email: 'ADA@example.com' }, envelope).messageId,
      '<reply-7-20260304050607890@anna.example>',
    );
    assert.equal(
      buildReplyEmail(lead, { ...envelope, from: 'hello' }).messageId,
      '<reply-7-20260304050607890@localhost>',
    );
  });
});
