/**
 * The messages of a booked call: the visitor's e-mail in their language with the invite for their calendar, the
 * owner's in English with the time in his zone, the owner's short text within two SMS segments, and the webhook's
 * booking events. One visitor invite goes through nodemailer to a real SMTP server, to see the calendar part on the
 * wire.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadIcal } from '../../src/lib/ical';
import ICAL from 'ical.js';
import type { AlertBooking, AlertLead } from '../../src/alerts/alertSender';
import {
  bookingInstantMessage,
  bookingInstantText,
  bookingWebhookData,
  bookingWebhookEvent,
  bookingWebhookPayload,
} from '../../src/alerts/bookingAlerts';
import { buildOwnerInviteEmail, buildVisitorInviteEmail } from '../../src/alerts/bookingMessages';
import { createMailTransport } from '../../src/alerts/emailSender';
import { telegramHtml } from '../../src/alerts/instantMessage';
import { smsSize } from '../../src/alerts/smsText';
import {
  createWebhookTransport,
  webhookData,
  webhookPayloadSenderFor,
  webhookSenderFor,
} from '../../src/alerts/webhookSender';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

// ical.js is loaded on first use by the site (src/lib/ical.ts): these tests call it directly.
before(() => loadIcal());

const profile = {
  name: 'Anna Berg',
  email: 'anna@anna.example',
  phone: '+49 30 1234567',
  linkedinUrl: 'https://www.linkedin.com/in/annaberg',
  messengerUrl: 'https://t.me/annaberg',
  videoUrl: 'https://video.example/intro',
  videoThumbnailUrl: 'https://video.example/intro.jpg',
};
const visitorEnvelope = { from: 'Anna Berg <hello@anna.example>', profile };
const ownerEnvelope = { from: 'alerts@anna.example', to: 'owner@anna.example' };

const booked: AlertBooking = {
  uid: 'booking-42@anna.example',
  startsAt: '2026-12-01T18:00:00.000Z',
  endsAt: '2026-12-01T18:30:00.000Z',
  status: 'booked',
  sequence: 0,
  event: 'created',
  changedAt: '2026-11-20T09:15:30.000Z',
  meetingUrl: 'https://meet.example/anna',
  manageUrl: 'https://anna.example/booking/9f2c',
  visitorZone: 'America/Sao_Paulo',
};
const moved: AlertBooking = {
  ...booked,
  visitorZone: 'Asia/Kolkata',
  startsAt: '2026-12-03T13:00:00.000Z',
  endsAt: '2026-12-03T13:30:00.000Z',
  event: 'moved',
  sequence: 1,
  changedAt: '2026-11-21T10:00:00.000Z',
};
const cancelled: AlertBooking = {
  ...booked,
  status: 'cancelled',
  event: 'cancelled',
  sequence: 2,
  changedAt: '2026-11-22T11:00:00.000Z',
  manageUrl: undefined,
};

const lead = (changes: Partial<AlertLead> = {}): AlertLead => ({
  id: 7,
  createdAt: '2026-03-04T05:06:07.890Z',
  name: 'Ana Souza',
  company: 'Fintech Ltda',
  email: 'ana@fintech.example',
  language: 'pt-BR',
  verdict: 'verified',
  source: 'direct',
  ownerTimeZone: 'America/Sao_Paulo',
  inboxUrl: 'https://anna.example/owner/leads/7',
  booking: booked,
  ...changes,
});

function eventOf(content: string | undefined) {
  const calendar = new ICAL.Component(ICAL.parse(content ?? ''));
  const event = calendar.getFirstSubcomponent('vevent');
  assert.ok(event);
  return { method: calendar.getFirstPropertyValue('method'), event };
}

describe('the visitor invite e-mail', () => {
  it('is written in Brazilian Portuguese for a pt-BR lead, the time on the clock of the zone they booked in', () => {
    const mail = buildVisitorInviteEmail(lead(), visitorEnvelope);
    assert.equal(mail.subject, 'Sua chamada com Anna Berg: terça-feira, 1º de dezembro, às 15:00 (America/Sao Paulo)');
    assert.ok(mail.text.startsWith('Olá,\n\nSua chamada está agendada.'), mail.text);
    assert.match(
      mail.text,
      /Quando: terça-feira, 1º de dezembro, às 15:00 \(America\/Sao Paulo\)\nO horário está no fuso escolhido/,
    );
    assert.match(mail.text, /Entrar na chamada: https:\/\/meet\.example\/anna\n/);
    assert.match(mail.text, /remarcar ou cancelar a chamada aqui:\nhttps:\/\/anna\.example\/booking\/9f2c\n/);
    assert.match(mail.html, /<a href="https:\/\/anna\.example\/booking\/9f2c">Remarcar ou cancelar<\/a>/);
    assert.match(mail.html, /<a href="https:\/\/meet\.example\/anna">Entrar na chamada<\/a>/);
  });

  it('is written in Spanish for an es lead, a move says so', () => {
    const mail = buildVisitorInviteEmail(lead({ language: 'es', booking: moved }), visitorEnvelope);
    assert.equal(
      mail.subject,
      'Nuevo horario de tu llamada con Anna Berg: jueves 3 de diciembre, a las 18:30 (Asia/Kolkata)',
    );
    assert.match(mail.text, /Tu llamada se cambió a un nuevo horario\./);
    assert.match(mail.text, /Unirse a la llamada: https:\/\/meet\.example\/anna/);
    assert.match(mail.html, /<a href="https:\/\/anna\.example\/booking\/9f2c">Cambiar o cancelar<\/a>/);
    assert.equal(mail.icalEvent?.method, 'REQUEST');
    const { event } = eventOf(mail.icalEvent?.content);
    assert.equal(event.getFirstPropertyValue('sequence'), 1);
    assert.equal(event.getFirstPropertyValue('summary'), 'Llamada con Anna Berg');
  });

  it("says, in the lead's language, when only the meeting link changed (a moved call's too)", () => {
    const newRoom = { ...moved, sequence: 2, roomChanged: true, meetingUrl: 'https://meet.example/anna-2' } as const;
    const pt = buildVisitorInviteEmail(lead({ booking: newRoom }), visitorEnvelope);
    assert.equal(
      pt.subject,
      'Novo link da sua chamada com Anna Berg: quinta-feira, 3 de dezembro, às 18:30 (Asia/Kolkata)',
    );
    assert.ok(
      pt.text.startsWith(
        'Olá,\n\nO link para entrar na chamada mudou: o novo está abaixo. O horário continua o mesmo.',
      ),
    );
    assert.match(pt.text, /Entrar na chamada: https:\/\/meet\.example\/anna-2\n/);
    const es = buildVisitorInviteEmail(lead({ language: 'es', booking: newRoom }), visitorEnvelope);
    assert.equal(
      es.subject,
      'Nuevo enlace de tu llamada con Anna Berg: jueves 3 de diciembre, a las 18:30 (Asia/Kolkata)',
    );
    assert.match(
      es.text,
      /El enlace para unirte a la llamada cambió: el nuevo está abajo\. El horario sigue siendo el mismo\./,
    );
    const en = buildVisitorInviteEmail(lead({ language: 'en', booking: newRoom }), visitorEnvelope);
    assert.match(en.subject, /^New link to join your call with Anna Berg: /);
    const { event } = eventOf(en.icalEvent?.content);
    assert.deepEqual(
      [en.icalEvent?.method, event.getFirstPropertyValue('sequence'), event.getFirstPropertyValue('location')],
      ['REQUEST', 2, 'https://meet.example/anna-2'],
    );
    const owner = buildOwnerInviteEmail(lead({ language: 'en', booking: newRoom }), ownerEnvelope, profile);
    assert.equal(owner.subject, 'New link: Thu 3 Dec 10:00 your time — Ana Souza, Fintech Ltda');
    assert.ok(owner.text.startsWith("You changed your meeting link: this is the call's updated invitation.\n"));
  });

  it('is in English for an English lead or one without a language', () => {
    for (const language of ['en', undefined]) {
      const mail = buildVisitorInviteEmail(lead({ language }), visitorEnvelope);
      assert.equal(mail.subject, 'Your call with Anna Berg: Tue 1 Dec, 15:00 (America/Sao Paulo)');
    }
  });

  it("gives the day on the visitor's clock when it is another day in UTC, and UTC for a booking without a zone", () => {
    const early = { ...booked, startsAt: '2026-12-01T05:00:00.000Z', visitorZone: 'America/Los_Angeles' };
    const west = buildVisitorInviteEmail(lead({ language: 'en', booking: early }), visitorEnvelope);
    assert.equal(west.subject, 'Your call with Anna Berg: Mon 30 Nov, 21:00 (America/Los Angeles)');
    const older = buildVisitorInviteEmail(
      lead({ language: 'en', booking: { ...booked, visitorZone: 'UTC' } }),
      visitorEnvelope,
    );
    assert.equal(older.subject, 'Your call with Anna Berg: Tue 1 Dec, 18:00 (UTC)');
  });

  it('goes to the visitor from our address, replies to the owner, the invite a REQUEST for the visitor', () => {
    const mail = buildVisitorInviteEmail(lead(), visitorEnvelope);
    assert.equal(mail.from, 'Anna Berg <hello@anna.example>');
    assert.equal(mail.to, 'ana@fintech.example');
    assert.equal(mail.replyTo, 'anna@anna.example');
    assert.deepEqual(mail.headers, { 'Auto-Submitted': 'auto-generated' });
    assert.equal(mail.icalEvent?.method, 'REQUEST');
    const { method, event } = eventOf(mail.icalEvent?.content);
    assert.equal(method, 'REQUEST');
    assert.equal(event.getFirstPropertyValue('uid'), booked.uid);
    assert.equal(event.getFirstProperty('organizer')?.getFirstValue(), 'mailto:anna@anna.example');
    assert.equal(event.getFirstProperty('attendee')?.getFirstValue(), 'mailto:ana@fintech.example');
    assert.equal(event.getFirstProperty('attendee')?.getParameter('rsvp'), 'TRUE');
    assert.equal(event.getFirstPropertyValue('location'), 'https://meet.example/anna');
    assert.match(String(event.getFirstPropertyValue('description')), /https:\/\/anna\.example\/booking\/9f2c/);
  });

  it('sends a CANCEL once cancelled, with no link to move or cancel, and a Message-ID of its own', () => {
    const first = buildVisitorInviteEmail(lead(), visitorEnvelope);
    const mail = buildVisitorInviteEmail(lead({ booking: cancelled }), visitorEnvelope);
    assert.equal(
      mail.subject,
      'Cancelada: sua chamada com Anna Berg de terça-feira, 1º de dezembro, às 15:00 (America/Sao Paulo)',
    );
    assert.ok(!mail.text.includes('/booking/9f2c') && !mail.html.includes('/booking/9f2c'));
    assert.ok(!mail.text.includes('meet.example'), mail.text);
    assert.equal(mail.icalEvent?.method, 'CANCEL');
    const { method, event } = eventOf(mail.icalEvent?.content);
    assert.equal(method, 'CANCEL');
    assert.equal(event.getFirstPropertyValue('uid'), booked.uid);
    assert.equal(event.getFirstPropertyValue('status'), 'CANCELLED');
    assert.notEqual(mail.messageId, first.messageId);
    assert.equal(buildVisitorInviteEmail(lead(), visitorEnvelope).messageId, first.messageId);
  });

  it('says the link will come when the owner set no meeting room', () => {
    const mail = buildVisitorInviteEmail(
      lead({ language: 'en', booking: { ...booked, meetingUrl: '' } }),
      visitorEnvelope,
    );
    assert.match(mail.text, /I will send you the link to join the call before it starts\./);
    assert.equal(eventOf(mail.icalEvent?.content).event.getFirstProperty('location'), null);
  });

  it('puts nothing the visitor typed into the e-mail; their name only as the invite attendee', () => {
    const name = '<script>alert(1)</script> Claim your prize at prize.example';
    const mail = buildVisitorInviteEmail(lead({ name }), visitorEnvelope);
    for (const part of [mail.subject, mail.text, mail.html]) {
      assert.ok(!part.includes('<script>'), part);
      assert.ok(!part.includes('prize'), part);
    }
    const { event } = eventOf(mail.icalEvent?.content);
    assert.equal(event.getFirstProperty('attendee')?.getParameter('cn'), name);
  });

  it("escapes the owner's name in the HTML part", () => {
    const mail = buildVisitorInviteEmail(lead(), {
      ...visitorEnvelope,
      profile: { ...profile, name: 'Anna <b>&</b>' },
    });
    assert.match(mail.html, /Anna &lt;b&gt;&amp;&lt;\/b&gt;/);
    assert.ok(!mail.html.includes('<b>'));
  });
});

describe('the owner invite e-mail', () => {
  it("gives the time in the owner's time zone, who booked, their language and the inbox link", () => {
    const mail = buildOwnerInviteEmail(lead(), ownerEnvelope, profile);
    assert.equal(mail.subject, 'Booked: Tue 1 Dec 15:00 your time — Ana Souza, Fintech Ltda [pt-BR]');
    assert.equal(mail.from, 'alerts@anna.example');
    assert.equal(mail.to, 'owner@anna.example');
    assert.deepEqual(mail.replyTo, { name: 'Ana Souza', address: 'ana@fintech.example' });
    assert.match(
      mail.text,
      /^A visitor booked a call with you\.\n\nCall: Tue 1 Dec 15:00-15:30 \(America\/Sao_Paulo\)\n/,
    );
    assert.match(mail.text, /Language: Portuguese \(pt-BR\)/);
    assert.match(mail.text, /Open it in your inbox: https:\/\/anna\.example\/owner\/leads\/7/);
    assert.match(mail.html, /<a href="https:\/\/anna\.example\/owner\/leads\/7">Open it in your inbox<\/a>/);
  });

  it('names a move and a cancel, in UTC when the owner set no time zone, English leads unmarked', () => {
    const english = { language: 'en', ownerTimeZone: undefined };
    assert.equal(
      buildOwnerInviteEmail(lead({ ...english, booking: moved }), ownerEnvelope, profile).subject,
      'Moved: Thu 3 Dec 13:00 your time — Ana Souza, Fintech Ltda',
    );
    const mail = buildOwnerInviteEmail(lead({ ...english, booking: cancelled }), ownerEnvelope, profile);
    assert.equal(mail.subject, 'Cancelled: Tue 1 Dec 18:00 your time — Ana Souza, Fintech Ltda');
    assert.equal(mail.icalEvent?.method, 'CANCEL');
    const { method, event } = eventOf(mail.icalEvent?.content);
    assert.equal(method, 'CANCEL');
    assert.equal(event.getFirstPropertyValue('status'), 'CANCELLED');
  });

  it('says who cancelled: the visitor, he himself from the inbox, or the erasure of the person', () => {
    const intro = (cancelledBy?: AlertBooking['cancelledBy']) => {
      const booking = { ...cancelled, ...(cancelledBy ? { cancelledBy } : {}) };
      const mail = buildOwnerInviteEmail(lead({ booking }), ownerEnvelope, profile);
      const telegram = bookingInstantMessage(lead({ booking })).intro;
      assert.equal(mail.text.split('\n')[0], telegram, 'the e-mail and the instant message say the same');
      assert.match(mail.html, new RegExp(`<p>${telegram.replace(/[.;]/g, '\\$&')}</p>`));
      return telegram;
    };
    assert.equal(intro('visitor'), 'A visitor cancelled their call.');
    assert.equal(intro('owner'), 'You cancelled this call from your inbox; the visitor was sent the cancellation.');
    assert.equal(
      intro('erasure'),
      'This call was cancelled because the person was erased; they are sent nothing more.',
    );
    assert.equal(intro(), 'A visitor cancelled their call.', "a cancel of unknown origin reads as the visitor's");
  });

  it("carries the same event as the visitor's invite: the owner organizes, the visitor attends", () => {
    const owner = eventOf(buildOwnerInviteEmail(lead(), ownerEnvelope, profile).icalEvent?.content).event;
    const visitor = eventOf(buildVisitorInviteEmail(lead(), visitorEnvelope).icalEvent?.content).event;
    for (const name of ['uid', 'sequence', 'organizer', 'attendee', 'location'])
      assert.equal(String(owner.getFirstPropertyValue(name)), String(visitor.getFirstPropertyValue(name)), name);
    assert.equal(
      (owner.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      '2026-12-01T18:00:00.000Z',
    );
  });

  it('escapes what the visitor typed in the HTML part', () => {
    const mail = buildOwnerInviteEmail(lead({ name: '<script>x</script>', company: 'A & B' }), ownerEnvelope, profile);
    assert.ok(!mail.html.includes('<script>'), mail.html);
    assert.match(mail.html, /&lt;script&gt;x&lt;\/script&gt;/);
    assert.match(mail.html, /A &amp; B/);
    assert.ok(!mail.subject.includes('\n'));
  });
});

describe('the e-mails, word for word', () => {
  const english = (booking: AlertBooking = booked, changes: Partial<AlertLead> = {}) =>
    lead({ language: 'en', booking, ...changes });
  const FOOTER =
    'You receive this e-mail because this address was used to book a call on my website. If that was not you, please ignore it.';
  const ZONE_NOTE =
    'The time is given in the time zone chosen when booking. The attached invitation adds the call to your calendar at the right time wherever you are.';
  const SIGN_OFF = ['Best regards,', 'Anna Berg', '', '--', FOOTER, ''];
  const page = (...paragraphs: string[]) =>
    ['<!doctype html><html><body style="font-family:sans-serif">', ...paragraphs, '</body></html>'].join('\n');

  it("the visitor's booked call: greeting, when, the zone, the room, the link to move or cancel, the sign-off", () => {
    const mail = buildVisitorInviteEmail(english(), visitorEnvelope);
    assert.equal(
      mail.text,
      [
        'Hello,',
        '',
        'Your call is booked. I look forward to talking with you.',
        '',
        'When: Tue 1 Dec, 15:00 (America/Sao Paulo)',
        ZONE_NOTE,
        '',
        'Join the call: https://meet.example/anna',
        '',
        'Need another time? You can move or cancel the call here:',
        'https://anna.example/booking/9f2c',
        '',
        ...SIGN_OFF,
      ].join('\n'),
    );
    assert.equal(
      mail.html,
      page(
        '<p>Hello,</p>',
        '<p>Your call is booked. I look forward to talking with you.</p>',
        '<p><strong>When:</strong> Tue 1 Dec, 15:00 (America/Sao Paulo)</p>',
        `<p style="color:#666;font-size:small">${ZONE_NOTE}</p>`,
        '<p><a href="https://meet.example/anna">Join the call</a></p>',
        '<p>Need another time? You can move or cancel the call here:</p>',
        '<p><a href="https://anna.example/booking/9f2c">Move or cancel</a></p>',
        '<p>Best regards,<br>Anna Berg</p>',
        `<p style="color:#666;font-size:small">${FOOTER}</p>`,
      ),
    );
    assert.equal(mail.messageId, '<invite-booking42annaexample-0-7-20260304050607890@anna.example>');
    const { event } = eventOf(mail.icalEvent?.content);
    assert.equal(
      event.getFirstPropertyValue('description'),
      'Join the call: https://meet.example/anna\nMove or cancel: https://anna.example/booking/9f2c',
    );
  });

  it("the visitor's cancelled call: no zone note, room or link, an offer to write instead", () => {
    const mail = buildVisitorInviteEmail(english(cancelled), visitorEnvelope);
    assert.equal(
      mail.text,
      [
        'Hello,',
        '',
        'Your call has been cancelled.',
        '',
        'When: Tue 1 Dec, 15:00 (America/Sao Paulo)',
        '',
        'If you would like to talk at another time, just reply to this e-mail.',
        '',
        ...SIGN_OFF,
      ].join('\n'),
    );
    assert.equal(
      mail.html,
      page(
        '<p>Hello,</p>',
        '<p>Your call has been cancelled.</p>',
        '<p><strong>When:</strong> Tue 1 Dec, 15:00 (America/Sao Paulo)</p>',
        '<p>If you would like to talk at another time, just reply to this e-mail.</p>',
        '<p>Best regards,<br>Anna Berg</p>',
        `<p style="color:#666;font-size:small">${FOOTER}</p>`,
      ),
    );
    assert.equal(eventOf(mail.icalEvent?.content).event.getFirstProperty('description'), null);
  });

  it("the visitor's call without a room: the link comes later, in the text and the HTML alike", () => {
    const mail = buildVisitorInviteEmail(english({ ...booked, meetingUrl: '' }), visitorEnvelope);
    assert.ok(
      mail.text.includes(`${ZONE_NOTE}\n\nI will send you the link to join the call before it starts.\n\nNeed`),
      mail.text,
    );
    assert.ok(mail.html.includes('<p>I will send you the link to join the call before it starts.</p>'), mail.html);
    assert.ok(!mail.html.includes('Join the call'), mail.html);
    assert.equal(
      eventOf(mail.icalEvent?.content).event.getFirstPropertyValue('description'),
      'Move or cancel: https://anna.example/booking/9f2c',
    );
  });

  it("the owner's booked call: what happened, the call's facts, how to answer, the inbox link", () => {
    const mail = buildOwnerInviteEmail(english(), ownerEnvelope, profile);
    assert.equal(
      mail.text,
      [
        'A visitor booked a call with you.',
        '',
        'Call: Tue 1 Dec 15:00-15:30 (America/Sao_Paulo)',
        'Meeting room: https://meet.example/anna',
        'Name: Ana Souza',
        'Company: Fintech Ltda',
        'Email: ana@fintech.example',
        'Source: direct',
        'Received: 2026-03-04 02:06:07 GMT-3',
        'Lead: #7',
        '',
        'Reply to this e-mail to write to them directly.',
        '',
        'Open it in your inbox: https://anna.example/owner/leads/7',
        '',
      ].join('\n'),
    );
    assert.match(
      mail.html,
      /^<!doctype html><html><body style="font-family:sans-serif">\n<p>A visitor booked a call with you\.<\/p>\n<table/,
    );
    assert.match(mail.html, /<tr><th align="left">Meeting room<\/th><td>https:\/\/meet\.example\/anna<\/td><\/tr>/);
    assert.equal(mail.messageId, '<booking-booking42annaexample-0-7-20260304050607890@anna.example>');
    const { event } = eventOf(mail.icalEvent?.content);
    assert.equal(event.getFirstPropertyValue('summary'), 'Call: Ana Souza (Fintech Ltda)');
    assert.equal(
      event.getFirstPropertyValue('description'),
      'Join the call: https://meet.example/anna\nAna Souza, Fintech Ltda <ana@fintech.example>\nOpen it in your inbox: https://anna.example/owner/leads/7',
    );
  });

  it("the owner's call without a room or an inbox: neither is mentioned; a long UID is cut in the Message-ID", () => {
    const uid = `${'x'.repeat(70)}@anna.example`;
    const mail = buildOwnerInviteEmail(
      english({ ...booked, meetingUrl: '', uid }, { inboxUrl: undefined }),
      ownerEnvelope,
      profile,
    );
    assert.ok(
      mail.text.startsWith(
        'A visitor booked a call with you.\n\nCall: Tue 1 Dec 15:00-15:30 (America/Sao_Paulo)\nName: Ana Souza\n',
      ),
      mail.text,
    );
    assert.ok(mail.text.endsWith('Lead: #7\n\nReply to this e-mail to write to them directly.\n'), mail.text);
    assert.ok(!/Meeting room|inbox/.test(mail.text + mail.html), mail.text);
    assert.equal(mail.messageId, `<booking-${'x'.repeat(64)}-0-7-20260304050607890@anna.example>`);
    assert.equal(
      eventOf(mail.icalEvent?.content).event.getFirstPropertyValue('description'),
      'Ana Souza, Fintech Ltda <ana@fintech.example>',
    );
  });

  it("the owner's moved call says so; a call cancelled after a move, or after a new link, reads as cancelled", () => {
    const movedMail = buildOwnerInviteEmail(english(moved), ownerEnvelope, profile);
    assert.ok(movedMail.text.startsWith('A visitor moved their call to a new time.\n\nCall: Thu 3 Dec 10:00-10:30'));
    const cancelledAfterMove = { ...moved, status: 'cancelled' } as const;
    const afterMove = buildOwnerInviteEmail(english(cancelledAfterMove), ownerEnvelope, profile);
    assert.match(afterMove.subject, /^Cancelled: Thu 3 Dec 10:00 your time/);
    assert.ok(afterMove.text.startsWith('A visitor cancelled their call.\n'), afterMove.text);
    const afterNewLink = buildOwnerInviteEmail(english({ ...cancelled, roomChanged: true }), ownerEnvelope, profile);
    assert.match(afterNewLink.subject, /^Cancelled: /);
  });

  it('refuses to write about a lead without a booking, naming the lead', () => {
    assert.throws(() => buildVisitorInviteEmail(english(undefined, { booking: undefined }), visitorEnvelope), {
      message: 'lead 7 has no booking',
    });
  });
});

describe("the owner's short booking texts", () => {
  it('says what happened, when in his time, who, and links the inbox', () => {
    assert.equal(
      bookingInstantText(lead()),
      'Booked: Tue 1 Dec 15:00 your time\nAna Souza, Fintech Ltda [pt-BR]\nhttps://anna.example/owner/leads/7',
    );
    assert.equal(
      bookingInstantText(lead({ language: 'en', booking: cancelled, inboxUrl: undefined })),
      'Cancelled: Tue 1 Dec 15:00 your time\nAna Souza, Fintech Ltda',
    );
  });

  it('fits two GSM segments with long names, keeping the headline and the link', () => {
    const text = bookingInstantText(lead({ name: 'Ana '.repeat(60), company: 'Fintech Ltda '.repeat(20) }));
    const size = smsSize(text);
    assert.equal(size.encoding, 'GSM-7');
    assert.ok(size.segments <= 2, `${size.units} septets`);
    assert.ok(text.startsWith('Booked: Tue 1 Dec 15:00 your time\n'), text);
    assert.ok(text.endsWith('[pt-BR]\nhttps://anna.example/owner/leads/7'), text);
    const ucs2 = bookingInstantText(lead({ name: '王小明'.repeat(40), company: '北京科技'.repeat(20) }));
    assert.ok(smsSize(ucs2).segments <= 2, ucs2);
  });

  it("gives Telegram the booking's facts, escaped", () => {
    const html = telegramHtml(bookingInstantMessage(lead({ name: '<i>Ana</i>', booking: moved })));
    assert.ok(
      html.startsWith('<b>Moved: Thu 3 Dec 10:00 your time — &lt;i&gt;Ana&lt;/i&gt;, Fintech Ltda [pt-BR]</b>'),
    );
    assert.match(html, /Call: Thu 3 Dec 10:00-10:30 \(America\/Sao_Paulo\)/);
    assert.match(html, /Meeting room: https:\/\/meet\.example\/anna/);
  });
});

describe('the booking webhook', () => {
  it("names the event after the booking's last change", () => {
    assert.equal(bookingWebhookEvent(lead()), 'booking.created');
    assert.equal(bookingWebhookEvent(lead({ booking: moved })), 'booking.moved');
    assert.equal(bookingWebhookEvent(lead({ booking: cancelled })), 'booking.cancelled');
  });

  it('tells the lead and the booking as it is now', () => {
    assert.deepEqual(bookingWebhookData(lead({ booking: moved })), {
      lead: { id: 7, name: 'Ana Souza', company: 'Fintech Ltda', email: 'ana@fintech.example', language: 'pt-BR' },
      booking: {
        uid: 'booking-42@anna.example',
        starts_at: '2026-12-03T13:00:00.000Z',
        ends_at: '2026-12-03T13:30:00.000Z',
        status: 'booked',
        sequence: 1,
      },
    });
    const byOwner = bookingWebhookData(lead({ booking: { ...cancelled, cancelledBy: 'owner' } })) as {
      booking: Record<string, unknown>;
    };
    assert.deepEqual(byOwner.booking, {
      uid: 'booking-42@anna.example',
      starts_at: '2026-12-01T18:00:00.000Z',
      ends_at: '2026-12-01T18:30:00.000Z',
      status: 'cancelled',
      sequence: 2,
      cancelled_by: 'owner',
    });
  });

  it('gives each version of the booking its own webhook-id, the same on every retry', () => {
    const ids = [booked, moved, cancelled].map((booking) => bookingWebhookPayload(lead({ booking })).id);
    assert.equal(new Set(ids).size, 3);
    assert.equal(bookingWebhookPayload(lead()).id, ids[0]);
    assert.equal(bookingWebhookPayload(lead({ booking: moved })).happenedAt.toISOString(), moved.changedAt);
  });
});

describe('a visitor invite through nodemailer', () => {
  let smtp: SmtpSink;
  before(async () => {
    smtp = await startSmtpSink();
  });
  after(() => smtp.close());

  it('arrives with the calendar as a text/calendar part of method REQUEST', async () => {
    const transport = createMailTransport(
      { smtpUrl: smtp.url, to: 'owner@anna.example', from: 'alerts@anna.example', allowPlaintext: false },
      2000,
    );
    try {
      const mail = buildVisitorInviteEmail(lead(), visitorEnvelope);
      await transport.send(mail);
      const received = smtp.messages.at(-1);
      assert.ok(received);
      assert.deepEqual(received.to, ['ana@fintech.example']);
      assert.equal(received.subject, mail.subject);
      assert.match(received.raw, /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
      assert.match(received.raw, /Content-Type: application\/ics; name=invite\.ics/);
    } finally {
      transport.close();
    }
  });
});

describe('booking events through the webhook sender', () => {
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver();
  });
  after(() => receiver.close());

  it('posts a signed booking event from its payload, and a lead event as before', async () => {
    const config = { url: `${receiver.url}/hook`, secret: receiver.secret, includeSpam: false, allowPrivate: true };
    const transport = createWebhookTransport(config, undefined, () => Date.now());
    try {
      const booking = lead({ booking: moved });
      await webhookPayloadSenderFor(transport, bookingWebhookPayload).send(booking, AbortSignal.timeout(5_000));
      await webhookSenderFor(transport, 'lead.created', () => 0).send(lead(), AbortSignal.timeout(5_000));
      const [bookingEvent, leadEvent] = receiver.events;
      assert.equal(bookingEvent?.type, 'booking.moved');
      assert.equal(bookingEvent?.id, bookingWebhookPayload(booking).id);
      assert.equal(bookingEvent?.timestamp, moved.changedAt);
      assert.deepEqual(bookingEvent?.data, bookingWebhookData(booking));
      assert.equal(leadEvent?.type, 'lead.created');
      assert.equal(leadEvent?.id, 'msg_lead7_1772600767890_lead_created');
      assert.equal(leadEvent?.timestamp, '2026-03-04T05:06:07.890Z');
      assert.deepEqual(leadEvent?.data, JSON.parse(JSON.stringify(webhookData(lead()))));
      const raw = receiver.requests.at(-1);
      assert.equal(
        raw?.body,
        JSON.stringify({ type: 'lead.created', timestamp: '2026-03-04T05:06:07.890Z', data: webhookData(lead()) }),
      );
    } finally {
      transport.close();
    }
  });
});
