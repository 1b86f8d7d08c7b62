/**
 * The lead endpoint answers in the language of the form that was posted: its `language` field (`pt` read as
 * `pt-BR`); missing, unknown or not offered, English. The JSON `error`, the rate limit's refusal and the page
 * answered to a form posted without JavaScript all follow it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import request from 'supertest';
import { createTestSite, type TestSite } from '../support/site';

const ENDPOINT = '/functions/v1/process-lead-notification';
const ORIGIN = 'http://localhost:3000';
const noName = (language?: string) => ({
  company: 'Engines',
  email: 'ada@example.com',
  ...(language === undefined ? {} : { language }),
});

describe('the lead endpoint in the form’s language', () => {
  let site: TestSite;
  before(() => {
    site = createTestSite({ LEAD_RATE_LIMIT: '2', LEAD_RATE_WINDOW_MS: '600000', TRUST_PROXY: 'loopback' });
  });
  after(() => site.close());

  const post = (body: object, ip: string) =>
    request(site.listener).post(ENDPOINT).set('Origin', ORIGIN).set('X-Forwarded-For', `192.0.2.${ip}`).send(body);

  it('refuses a lead without a name in Portuguese, Spanish, or English when the language is missing or unknown', async () => {
    const cases: [string | undefined, string][] = [
      ['pt-BR', 'Informe seu nome.'],
      ['pt', 'Informe seu nome.'],
      ['PT-br', 'Informe seu nome.'],
      ['es', 'Escribe tu nombre.'],
      [undefined, 'Please enter your name.'],
      ['fr', 'Please enter your name.'],
      ['en', 'Please enter your name.'],
    ];
    for (const [index, [language, error]] of cases.entries()) {
      const res = await request(site.listener)
        .post(ENDPOINT)
        .set('Origin', ORIGIN)
        .set('X-Forwarded-For', `203.0.113.${index}`)
        .send(noName(language))
        .expect(400);
      assert.deepEqual(res.body, { success: false, error }, String(language));
    }
  });

  it('says what is wrong with the e-mail in the language', async () => {
    const res = await request(site.listener)
      .post(ENDPOINT)
      .set('Origin', ORIGIN)
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ name: 'Ana', company: 'Engines', email: 'ana@', language: 'es' })
      .expect(400);
    assert.equal(res.body.error, 'Escribe un correo electrónico válido, como nombre@ejemplo.com.');
  });

  it('refuses over the rate limit in the language of the form', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await post(noName('es'), '1');
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [400, 400, 429]);
    assert.deepEqual(last?.body, {
      success: false,
      error: 'Demasiadas solicitudes desde tu red. Espera 10 minutos y vuelve a intentarlo.',
    });
  });

  it('answers a form posted without JavaScript with the page in its language, the form again in it', async () => {
    const res = await request(site.listener)
      .post(ENDPOINT)
      .set('Origin', ORIGIN)
      .set('Accept', 'text/html')
      .set('X-Forwarded-For', '198.51.100.7')
      .type('form')
      .send({ company: 'Empresa X', email: 'ana@example.com', language: 'pt-BR' })
      .expect(400);
    assert.match(res.text, /^<!DOCTYPE html><html lang="pt-BR">/);
    assert.match(res.text, /<h1>Erro<\/h1><p class="lead-result-message">Informe seu nome.<\/p>/);
    assert.match(res.text, /<h2 class="lead-result-form-title">Agende sua chamada inicial gratuita<\/h2>/);
    assert.match(res.text, /value="Empresa X"/);
    assert.match(res.text, /<input type="hidden" name="language" value="pt-BR"\/>/);
    assert.match(res.text, /<a class="lead-result-back" href="\/pt\/">[\s\S]*Voltar ao início<\/a>/);
  });
});

describe('a language not offered', () => {
  let site: TestSite;
  before(() => {
    site = createTestSite({ SITE_LANGUAGES: 'en,es' });
  });
  after(() => site.close());

  it('counts as English', async () => {
    const res = await request(site.listener).post(ENDPOINT).set('Origin', ORIGIN).send(noName('pt-BR')).expect(400);
    assert.equal(res.body.error, 'Please enter your name.');
  });
});
