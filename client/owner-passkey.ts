/**
 * The only script of the owner's pages: it runs the passkey ceremony of the
 * button it finds (register or sign in) with @simplewebauthn/browser. The
 * button's data attributes say where to ask for options and where to send the
 * answer; the server answers where to go next.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { CSRF_HEADER, type CeremonyEnd, type CeremonyStart } from '../src/contract/inbox';

async function post<T>(url: string, csrf: string | undefined, body: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (csrf) headers[CSRF_HEADER] = csrf;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  const answer = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(answer.error ?? `The server answered ${res.status}. Please try again.`);
  return answer;
}

function explain(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled. Try again.';
  if (name === 'InvalidStateError') return 'This device already holds a passkey for this inbox.';
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-passkey]')) {
  const status = document.getElementById(button.dataset.status ?? '');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  if (!browserSupportsWebAuthn()) {
    button.disabled = true;
    say('This browser does not support passkeys. Use the e-mailed link instead.');
    continue;
  }
  button.addEventListener('click', async () => {
    const { passkey, options: optionsUrl = '', verify = '', csrf } = button.dataset;
    button.disabled = true;
    say('Waiting for your passkey…');
    try {
      const start = await post<CeremonyStart>(optionsUrl, csrf, {});
      const optionsJSON = start.options as Parameters<typeof startRegistration>[0]['optionsJSON'];
      const response =
        passkey === 'register'
          ? await startRegistration({ optionsJSON })
          : await startAuthentication({
              optionsJSON: start.options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
            });
      const name = document.querySelector<HTMLInputElement>('#passkey-name')?.value ?? '';
      const end = await post<CeremonyEnd>(verify, csrf, { ceremony: start.ceremony, response, name });
      if (end.ok) window.location.assign(end.next);
    } catch (err) {
      say(explain(err));
      button.disabled = false;
    }
  });
}
