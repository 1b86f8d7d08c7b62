/**
 * The page in each language, in Chromium: at 375 and 1440 px it has its `lang`, no horizontal scroll (the longer
 * Portuguese and Spanish strings included), no axe violation and no console error; the form speaks the page's
 * language, sends it with the lead, and every toast it shows for an answer (intercepted here) is word for word;
 * the switcher leads to the other pages; a Portuguese 404 logs the path as the English one does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { collectConsole, runAxe } from '../support/browser';
import { LEAD_PATH } from '../support/leadSite';
import { gate, hydrateForm, openHome, problems, sharedBrowserAndSite, submitButton, theToast } from './leadFormHelpers';

const shared = sharedBrowserAndSite();

const LANGUAGES = {
  en: { path: '', lang: 'en', labels: ['Name *', 'Company *', 'Email *'] },
  pt: { path: '/pt', lang: 'pt-BR', labels: ['Nome *', 'Empresa *', 'E-mail *'] },
  es: { path: '/es', lang: 'es', labels: ['Nombre *', 'Empresa *', 'Correo electrónico *'] },
} as const;

const open = (language: keyof typeof LANGUAGES, width = 1280) =>
  openHome(
    shared.browser,
    `${shared.site.url}${LANGUAGES[language].path}`,
    shared.site.config.profile.videoThumbnailUrl,
    {
      width,
    },
  );

async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  await page.waitForLoadState('networkidle');
}

for (const language of ['en', 'pt', 'es'] as const) {
  for (const width of [375, 1440]) {
    it(`${language} at ${width} px: its lang, no horizontal scroll, no axe violation, no console error`, async () => {
      const { page, context, console } = await open(language, width);
      await scrollThrough(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), LANGUAGES[language].lang);
      const scroll = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      assert.ok((scroll[0] ?? 0) <= (scroll[1] ?? 0), `no horizontal scroll (${scroll.join(' > ')})`);
      // Every header item on screen fits the bar: none pushed past the right edge.
      const overflowing = await page.$$eval('.site-header a', (links) =>
        links
          .filter((a) => a.getBoundingClientRect().width > 0 && a.getBoundingClientRect().right > window.innerWidth)
          .map((a) => a.textContent),
      );
      assert.deepEqual(overflowing, []);
      await hydrateForm(page);
      for (const label of LANGUAGES[language].labels) assert.equal(await page.getByLabel(label).count(), 1, label);
      const violations = await runAxe(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      assert.deepEqual(problems(console), []);
      await context.close();
    });
  }
}

/** Submits the filled form with the endpoint's answer replaced by `answer`; returns the toast and the body sent. */
async function toastFor(
  language: 'pt' | 'es',
  answer: (route: import('playwright-core').Route) => Promise<void>,
): Promise<{ toast: Awaited<ReturnType<typeof theToast>>; sent: Record<string, unknown>; busy: string }> {
  const { page, context } = await open(language);
  await hydrateForm(page);
  let sent: Record<string, unknown> = {};
  const held = gate();
  await page.route(`**${LEAD_PATH}`, async (route) => {
    sent = route.request().postDataJSON();
    await held.wait;
    await answer(route);
  });
  const [name, company, email] = LANGUAGES[language].labels;
  await page.getByLabel(name).fill('Ana Souza');
  await page.getByLabel(company).fill('Fintech Ltda');
  await page.getByLabel(email).fill('ana@example.com');
  await submitButton(page).click();
  await page.waitForFunction(() =>
    document.querySelector('#lead-form-island button[type="submit"]')?.hasAttribute('disabled'),
  );
  const busy = (await submitButton(page).textContent()) ?? '';
  held.release();
  const toast = await theToast(page);
  await context.close();
  return { toast, sent, busy };
}

const json =
  (body: unknown, status = 200) =>
  async (route: import('playwright-core').Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

describe('the toasts, word for word', () => {
  const cases = {
    pt: {
      thanks: ['Obrigado pelo seu interesse!', 'Retornarei em até 24 horas para agendar sua chamada inicial gratuita.'],
      smsFailed: [
        'Obrigado pelo seu interesse!',
        'Suas informações foram salvas. A notificação por SMS pode ter falhado, mas retornarei em até 24 horas.',
      ],
      transport: ['Erro', 'Ocorreu um erro ao enviar suas informações. Tente novamente.'],
      unexpected: ['Erro', 'Ocorreu um erro inesperado. Tente novamente.'],
      busy: 'Agendando...',
      tag: 'pt-BR',
    },
    es: {
      thanks: [
        '¡Gracias por tu interés!',
        'Te responderé en un plazo de 24 horas para agendar tu llamada inicial gratuita.',
      ],
      smsFailed: [
        '¡Gracias por tu interés!',
        'Tu información se guardó. Es posible que la notificación por SMS haya fallado, pero te responderé en un plazo de 24 horas.',
      ],
      transport: ['Error', 'Hubo un error al enviar tu información. Inténtalo de nuevo.'],
      unexpected: ['Error', 'Ocurrió un error inesperado. Inténtalo de nuevo.'],
      busy: 'Agendando...',
      tag: 'es',
    },
  } as const;
  for (const [language, words] of Object.entries(cases) as [keyof typeof cases, (typeof cases)[keyof typeof cases]][]) {
    it(`in ${language}: thanks, SMS failed, transport error, unexpected answer; the busy button; the language sent`, async () => {
      const thanks = await toastFor(language, json({ success: true, notificationResult: true }));
      assert.deepEqual([thanks.toast.title, thanks.toast.description], words.thanks);
      assert.equal(thanks.busy, words.busy);
      assert.equal(thanks.sent.language, words.tag);
      const smsFailed = await toastFor(language, json({ success: true, notificationResult: false }));
      assert.deepEqual([smsFailed.toast.title, smsFailed.toast.description], words.smsFailed);
      const transport = await toastFor(language, (route) => route.abort('connectionrefused'));
      assert.deepEqual([transport.toast.title, transport.toast.description], words.transport);
      assert.equal(transport.toast.variant, 'destructive');
      const unexpected = await toastFor(language, async (route) => route.fulfill({ status: 200, body: 'not json' }));
      assert.deepEqual([unexpected.toast.title, unexpected.toast.description], words.unexpected);
    });
  }

  it("shows the server's refusal in the page's language, from the real endpoint", async () => {
    const { page, context } = await open('es');
    await hydrateForm(page);
    await page.getByLabel('Nombre *').fill('Ana');
    await page.getByLabel('Empresa *').fill('Fintech');
    await page.getByLabel('Correo electrónico *').fill('ana@example.com');
    // A name of control characters only passes the browser's check and not the server's.
    await page.getByLabel('Nombre *').evaluate((input: HTMLInputElement) => {
      input.value = 'Ana\u0007';
    });
    await submitButton(page).click();
    const toast = await theToast(page);
    assert.deepEqual(
      [toast.title, toast.description],
      ['Error', 'El campo Nombre no puede contener saltos de línea ni caracteres de control.'],
    );
    await context.close();
  });
});

describe('a lead from the Spanish page', () => {
  it('is stored in Spanish and marked [es] in the owner’s SMS,', async () => {
    const { page, context } = await open('es');
    await hydrateForm(page);
    await page.getByLabel('Nombre *').fill('Ana García');
    await page.getByLabel('Empresa *').fill('Fintech Bogotá');
    await page.getByLabel('Correo electrónico *').fill('ana.bogota@example.com');
    await submitButton(page).click();
    const toast = await theToast(page);
    assert.equal(toast.title, '¡Gracias por tu interés!');
    await context.close();
    const stored = shared.site.services.db
      .prepare('SELECT language FROM leads WHERE email = ?')
      .get('ana.bogota@example.com') as { language: string } | undefined;
    assert.equal(stored?.language, 'es');
    const sms = shared.site.twilio.messages.find((m) => m.body.includes('Ana Garc'));
    assert.match(sms?.body ?? '', /^New lead \[es\]: /);
  });
});

describe('moving between languages', () => {
  it('the switcher leads to the Spanish page, where the current language is marked', async () => {
    const { page, context } = await open('pt', 375);
    await page.getByRole('link', { name: 'ES, Español' }).click();
    await page.waitForURL(`${shared.site.url}/es/`);
    assert.equal(await page.locator('.language-switcher [aria-current="page"]').textContent(), 'ES');
    await context.close();
  });

  it('a Portuguese 404 speaks Portuguese, logs the path and links back to /pt/', async () => {
    const page = await shared.browser.newPage({ viewport: { width: 375, height: 800 } });
    const messages = collectConsole(page);
    const response = await page.goto(`${shared.site.url}/pt/nada`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
    assert.equal(await page.locator('.not-found-text').textContent(), 'Ops! Página não encontrada');
    assert.ok(
      messages.some((m) => m.text.includes('/pt/nada')),
      'the path is logged',
    );
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await page.waitForURL(`${shared.site.url}/pt/`);
    await page.close();
  });
});
