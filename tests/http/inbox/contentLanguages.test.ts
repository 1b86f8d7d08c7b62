/**
 * The editor in three languages, through the real server and SQLite: each text's form shows its
 * English, Portuguese and Spanish inputs, each with its own label and lang; a Portuguese saved is
 * stored, a Spanish blanked is removed; the overview lists what a language lacks in the draft, each
 * text linked to its input, and which languages visitors get now; a publish with Spanish incomplete
 * says Spanish is not offered.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'node-html-parser';
import { openSection, ownerPage, saveSection } from '../../support/contentForm';
import { leadSitesPerTest } from '../../support/leadSite';
import { postForm, signInByLink } from '../../support/ownerHttp';

const site = leadSitesPerTest();

type Text = Record<string, string>;

describe('the content editor in three languages', () => {
  it('shows every text in English, Portuguese and Spanish, each input with its label and lang', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const { html, fields } = await openSection(s, session, 'hero');
    const page = parse(html);
    const headline = (suffix: string) => page.querySelector(`#f-hero-headline${suffix}`);
    assert.equal(
      headline('')?.getAttribute('value'),
      'Take your tech startup international, with a go-to-market plan that sells',
    );
    assert.equal(headline('-pt')?.getAttribute('name'), 'hero.headline.pt');
    assert.equal(headline('-pt')?.getAttribute('lang'), 'pt-BR');
    assert.equal(
      headline('-pt')?.getAttribute('value'),
      'Leve sua startup de tecnologia para o mundo com um plano de go-to-market que vende',
    );
    assert.equal(headline('-es')?.getAttribute('name'), 'hero.headline.es');
    assert.equal(headline('-es')?.getAttribute('lang'), 'es');
    assert.equal(
      headline('-es')?.getAttribute('value'),
      'Lleva tu startup tecnológica al mundo con un plan de go-to-market que vende',
    );
    // Each input its own label: a screen reader hears the field and the language, the eye sees the language's own name.
    const label = (id: string) => page.querySelector(`label[for="${id}"]`);
    assert.equal(label('f-hero-headline')?.querySelector('.visually-hidden'), null);
    assert.match(label('f-hero-headline')?.text ?? '', /^Headline/);
    assert.equal(label('f-hero-headline-pt')?.querySelector('.visually-hidden')?.text, 'Headline (Portuguese)');
    assert.equal(label('f-hero-headline-pt')?.querySelector('[aria-hidden="true"]')?.text, 'Português');
    assert.equal(label('f-hero-headline-es')?.querySelector('.visually-hidden')?.text, 'Headline (Spanish)');
    assert.equal(label('f-hero-headline-es')?.querySelector('[aria-hidden="true"]')?.text, 'Español');
    // The hero's 14 texts (3 lines, 2 figures of 2, the GMV claim's 2, 4 markets, the button), each in three languages.
    const named = (pattern: RegExp) => Object.keys(fields).filter((name) => pattern.test(name));
    assert.equal(named(/\.pt$/).length, 14);
    assert.equal(named(/\.es$/).length, 14);
    for (const name of named(/\.pt$/)) assert.ok(name.slice(0, -3) in fields, `${name} has its English beside it`);
    assert.equal(page.querySelectorAll('[lang="pt-BR"]:is(input, textarea)').length, 14);
    assert.equal(page.querySelectorAll('[lang="es"]:is(input, textarea)').length, 14);
  });

  it('stores a Portuguese text, removes a Spanish one left blank, and shows an error beside its language', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const { fields } = await openSection(s, session, 'footer');
    const saved = await saveSection(s, session, 'footer', {
      ...fields,
      'footer.title.pt': 'Estratégia internacional para startups',
      'footer.title.es': '  ',
    });
    assert.equal(saved.status, 303);
    const draft = s.services.owner.content.draft().content as { footer: { title: Text } };
    assert.deepEqual(draft.footer.title, {
      en: 'Go-to-Market & Growth Strategist for Tech Startups',
      pt: 'Estratégia internacional para startups',
    });
    const again = await openSection(s, session, 'footer');
    assert.equal(again.fields['footer.title.pt'], 'Estratégia internacional para startups');
    assert.equal(again.fields['footer.title.es'], '', 'a missing Spanish shows as an empty input');

    const hero = await openSection(s, session, 'hero');
    const long = 'Uma manchete longa demais para caber no espaço que o layout reserva para ela no celular.!!!';
    await saveSection(s, session, 'hero', { ...hero.fields, 'hero.headline.pt': long });
    const page = parse((await ownerPage(s, session, '/owner/content/hero')).html);
    assert.equal(page.querySelector('#f-hero-headline-pt')?.getAttribute('aria-invalid'), 'true');
    assert.equal(
      page.querySelector('#f-hero-headline')?.getAttribute('aria-invalid'),
      undefined,
      'the English is fine',
    );
    assert.equal(
      page.querySelector('#f-hero-headline-pt-error')?.text,
      'Hero: the headline (Portuguese) is 91 characters; at most 90',
    );
    const link = page.querySelector('.owner-errors a');
    assert.equal(link?.getAttribute('href'), '/owner/content/hero#f-hero-headline-pt');
  });

  it('lists what a language lacks in the draft, linked to each input, and says it is not offered once published', async () => {
    const s = await site();
    const session = await signInByLink(s);
    const before = parse((await ownerPage(s, session, '/owner/content')).html);
    const card = () => before.querySelector('.owner-languages')?.text.replace(/\s+/g, ' ') ?? '';
    assert.match(card(), /On your page now: Offered in English, Portuguese and Spanish\./);
    assert.match(card(), /Portuguese: complete — offered on \/pt\//);
    assert.match(card(), /Spanish: complete — offered on \/es\//);

    const contact = await openSection(s, session, 'contact');
    await saveSection(s, session, 'contact', {
      ...contact.fields,
      'contact.panelTitle.es': '',
      'contact.networkLabel.es': '',
    });
    const services = await openSection(s, session, 'services');
    await saveSection(s, session, 'services', { ...services.fields, 'services.2.title.es': '' });
    const overview = parse((await ownerPage(s, session, '/owner/content')).html);
    const text = overview.querySelector('.owner-languages')?.text.replace(/\s+/g, ' ') ?? '';
    assert.match(text, /Portuguese: complete — offered on \/pt\//);
    assert.match(text, /Spanish: 3 texts missing — not offered until complete/);
    const links = overview
      .querySelectorAll('.owner-languages .owner-missing a')
      .map((a) => [a.text, a.getAttribute('href')]);
    assert.deepEqual(links, [
      ['Service 3: the title', '/owner/content/services#f-services-2-title-es'],
      ["Contact: the panel's title", '/owner/content/contact#f-contact-panelTitle-es'],
      ["Contact: the LinkedIn button's label", '/owner/content/contact#f-contact-networkLabel-es'],
    ]);
    // Each link lands on an input of its section's form.
    const form = parse((await ownerPage(s, session, '/owner/content/contact')).html);
    assert.equal(form.querySelector('#f-contact-panelTitle-es')?.getAttribute('name'), 'contact.panelTitle.es');

    const published = await postForm(
      s,
      '/owner/content/publish',
      { _csrf: session.csrf, version: String(s.services.owner.content.draft().version) },
      { Cookie: session.cookie },
    );
    assert.equal(published.status, 303, 'a language lacking texts does not stop a publish');
    const after = parse((await ownerPage(s, session, '/owner/content')).html);
    assert.match(
      after.text,
      /Published as revision 2 \(3 fields changed\): visitors see it now\. Offered in English and Portuguese; not offered in Spanish \(3 texts missing\)\./,
    );
    assert.match(
      after.querySelector('.owner-languages')?.text.replace(/\s+/g, ' ') ?? '',
      /On your page now: Offered in English and Portuguese; not offered in Spanish \(3 texts missing\)\./,
    );
  });
});
