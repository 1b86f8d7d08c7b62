/**
 * Every kind of bad submission, sent over HTTP to the real app: each gets
 * the right status and a clear sentence in `error`, and nothing is stored or
 * sent. Raw requests (node:http) so headers are exactly what the case says.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { LEAD_PATH, startLeadSite, type LeadSite } from '../support/leadSite';
import { sleep } from '../support/waitFor';

interface Case {
  title: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  status: number;
  error: RegExp;
}

const ok = { name: 'Ada Lovelace', company: 'Analytical Engines', email: 'ada@example.com' };
const json = (value: unknown) => JSON.stringify(value);
const withField = (field: string, value: unknown) => json({ ...ok, [field]: value });
const without = (field: keyof typeof ok) => json(Object.fromEntries(Object.entries(ok).filter(([k]) => k !== field)));
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

const cases: Case[] = [
  { title: 'missing name', body: without('name'), status: 400, error: /^Please enter your name\.$/ },
  { title: 'missing company', body: without('company'), status: 400, error: /^Please enter your company name\.$/ },
  { title: 'missing email', body: without('email'), status: 400, error: /^Please enter your email address\.$/ },
  { title: 'empty object', body: '{}', status: 400, error: /^Please enter your name\.$/ },
  { title: 'empty body', body: '', status: 400, error: /^Please enter your name\.$/ },
  { title: 'empty name', body: withField('name', ''), status: 400, error: /^Please enter your name\.$/ },
  {
    title: 'name of spaces only',
    body: withField('name', '   \t  '),
    status: 400,
    error: /^Please enter your name\.$/,
  },
  { title: 'name is a number', body: withField('name', 42), status: 400, error: /^Name must be text\.$/ },
  { title: 'name is true', body: withField('name', true), status: 400, error: /^Name must be text\.$/ },
  {
    title: 'name is an object',
    body: withField('name', { first: 'Ada' }),
    status: 400,
    error: /^Name must be text\.$/,
  },
  {
    title: 'company is null',
    body: withField('company', null),
    status: 400,
    error: /^Please enter your company name\.$/,
  },
  {
    title: 'email is an array',
    body: withField('email', ['ada@example.com']),
    status: 400,
    error: /^Email address must be text\.$/,
  },
  {
    title: 'name of 201 characters',
    body: withField('name', 'N'.repeat(201)),
    status: 400,
    error: /^Name must be at most 200 characters\.$/,
  },
  {
    title: 'company of 201 characters',
    body: withField('company', 'C'.repeat(201)),
    status: 400,
    error: /^Company must be at most 200 characters\.$/,
  },
  {
    title: 'email of 255 characters',
    body: withField('email', `${'a'.repeat(60)}@${'b'.repeat(190)}.com`),
    status: 400,
    error: /^Email address must be at most 254 characters\.$/,
  },
  { title: 'email without @', body: withField('email', 'ada.example.com'), status: 400, error: /valid email address/ },
  {
    title: 'email with a space inside',
    body: withField('email', 'ada lovelace@example.com'),
    status: 400,
    error: /must not contain spaces/,
  },
  {
    title: 'email with a line break inside',
    body: withField('email', 'ada@example.com\nBcc: x@y.z'),
    status: 400,
    error: /must not contain spaces or control characters/,
  },
  {
    title: 'email with two @',
    body: withField('email', 'ada@@example.com'),
    status: 400,
    error: /valid email address/,
  },
  {
    title: 'email on a bare host',
    body: withField('email', 'ada@localhost'),
    status: 400,
    error: /valid email address/,
  },
  {
    title: 'email without local part',
    body: withField('email', '@example.com'),
    status: 400,
    error: /valid email address/,
  },
  {
    title: 'email ending in a dot',
    body: withField('email', 'ada@example.'),
    status: 400,
    error: /valid email address/,
  },
  {
    title: 'email with a NUL byte',
    body: withField('email', 'ada\u0000@example.com'),
    status: 400,
    error: /control characters/,
  },
  {
    title: 'name with a line break',
    body: withField('name', 'Ada\nBcc: victim@example.com'),
    status: 400,
    error: /^Name must not contain line breaks or control characters\.$/,
  },
  {
    title: 'company with a control character',
    body: withField('company', 'Engines\u0007'),
    status: 400,
    error: /^Company must not contain line breaks/,
  },
  { title: 'JSON array', body: json([ok]), status: 400, error: /as a JSON object or as form fields/ },
  {
    title: 'JSON string (not an object)',
    body: json('hello'),
    status: 400,
    error: /^The request body is not valid JSON\.$/,
  },
  { title: 'JSON null', body: 'null', status: 400, error: /^The request body is not valid JSON\.$/ },
  { title: 'truncated JSON', body: '{"name": "Ada", ', status: 400, error: /^The request body is not valid JSON\.$/ },
  {
    title: 'JSON over 16 KB',
    body: withField('name', 'x'.repeat(17 * 1024)),
    status: 413,
    error: /too large: it must be at most 16 KB/,
  },
  {
    title: 'form over 16 KB',
    body: `name=${'x'.repeat(17 * 1024)}&company=C&email=a%40b.co`,
    headers: FORM,
    status: 413,
    error: /too large/,
  },
  {
    title: 'text/plain body',
    body: json(ok),
    headers: { 'Content-Type': 'text/plain' },
    status: 400,
    error: /as JSON \(Content-Type: application\/json\) or as form fields/,
  },
  {
    title: 'multipart body',
    body: '--x\r\n\r\n--x--',
    headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
    status: 400,
    error: /as JSON/,
  },
  { title: 'no content type', body: json(ok), headers: {}, status: 400, error: /as JSON/ },
  {
    title: 'JSON in latin1',
    body: json(ok),
    headers: { 'Content-Type': 'application/json; charset=latin1' },
    status: 400,
    error: /^The request body must be encoded as UTF-8\.$/,
  },
  {
    title: 'unknown content encoding',
    body: json(ok),
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'compress' },
    status: 400,
    error: /must not be compressed/,
  },
  {
    title: 'form with the name field twice',
    body: 'name=Ada&name=Bob&company=C&email=a%40b.co',
    headers: FORM,
    status: 400,
    error: /^Name must be text\.$/,
  },
  {
    title: 'form without email',
    body: 'name=Ada&company=C',
    headers: FORM,
    status: 400,
    error: /^Please enter your email address\.$/,
  },
  {
    title: 'email with a non-ASCII local part',
    body: withField('email', 'jösé@example.com'),
    status: 400,
    error: /valid email address/,
  },
];

function send(url: string, c: Case): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const body = typeof c.body === 'string' ? Buffer.from(c.body) : c.body;
    const headers = { ...(c.headers ?? { 'Content-Type': 'application/json' }), 'Content-Length': String(body.length) };
    const req = request(`${url}${LEAD_PATH}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, type: String(res.headers['content-type']) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('bad input', () => {
  let site: LeadSite;
  before(async () => {
    site = await startLeadSite();
  });
  after(() => site.close());

  for (const c of cases) {
    it(`${c.title}: ${c.status} with a clear error, nothing stored`, async () => {
      const stored = site.rows().length;
      const res = await send(site.url, c);
      assert.equal(res.status, c.status, res.body);
      assert.match(res.type, /^application\/json/);
      const answer = JSON.parse(res.body) as { success: unknown; error: unknown };
      assert.equal(answer.success, false);
      assert.equal(typeof answer.error, 'string');
      assert.match(answer.error as string, c.error);
      assert.match(answer.error as string, /^[A-Z].*\.$/, 'a whole sentence');
      assert.equal(site.rows().length, stored);
    });
  }

  it('alerts nobody for any of them, and still accepts a good submission afterwards (they were refused for their content)', async () => {
    const own = await startLeadSite();
    try {
      for (const c of cases) assert.equal((await send(own.url, c)).status, c.status, c.title);
      await sleep(150); // an alert started in the background would have reached a fake by now
      assert.equal(own.rows().length, 0);
      assert.equal(own.twilio.requests, 0);
      assert.equal(own.smtp.connections, 0);
      const res = await own.post(ok);
      assert.deepEqual(res.json, { success: true, notificationResult: true });
      assert.equal(own.rows().length, 1);
      assert.equal(own.twilio.messages.length, 1);
    } finally {
      await own.close();
    }
  });
});
