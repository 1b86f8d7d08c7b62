/**
 * The 'Get Free Setup Call' form, shared by the server render, the browser (hydrated) and the answer page for
 * posts without JavaScript. Without JavaScript it is a plain HTML form posting to the endpoint; once hydrated
 * it posts JSON with fetch and reports the outcome through `onOutcome`. Inputs are uncontrolled so text typed
 * before hydration is never lost.
 */
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { LANGUAGE_FIELD, LANGUAGE_TAGS, type SiteLanguage } from '../../contract/languages';
import { HONEYPOT_FIELD, LEAD_ENDPOINT, LEAD_FIELDS, type LeadInput, type LeadSourceInput } from '../../contract/lead';
import { formStrings } from '../../strings/form';
import { thrownErrorToast, type ToastMessage } from './messages';
import type { ProofOfWork } from './proofOfWork';
import { postLead } from './postLead';

export interface LeadFormProps {
  emailPlaceholder: string;
  /** The page's language: the form's words, and the language sent with the lead. Default English. */
  language?: SiteLanguage;
  /** Values typed before a failed no-JavaScript post, shown again so nothing has to be retyped. */
  initialValues?: Partial<LeadInput>;
  onOutcome?: (toast: ToastMessage) => void;
  ref?: Ref<HTMLFormElement>;
  /** Browser only (not rendered): where the visitor came from, sent with each lead. */
  source?: LeadSourceInput;
  /** Browser only (not rendered): the proof of work sent with each lead when one is ready. */
  proofOfWork?: ProofOfWork;
}

export function LeadForm({
  emailPlaceholder,
  language = 'en',
  initialValues = {},
  onOutcome,
  ref,
  source,
  proofOfWork,
}: LeadFormProps) {
  const say = formStrings(language);
  // English sends no language (it is the default), so the English form is the form as it always was.
  const tag = language === 'en' ? undefined : LANGUAGE_TAGS[language];
  const [submitting, setSubmitting] = useState(false);
  // State updates are asynchronous; the ref stops a second submit (Enter pressed twice) in the same tick.
  const inFlight = useRef(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const refocusSubmit = useRef(false);

  // A disabled button drops keyboard focus to the page; give it back once the button is usable again.
  useEffect(() => {
    if (submitting || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    if (document.activeElement === null || document.activeElement === document.body) submitRef.current?.focus();
  }, [submitting]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    refocusSubmit.current = document.activeElement === submitRef.current;
    setSubmitting(true);
    const form = event.currentTarget;
    let toast: ToastMessage;
    try {
      const data = new FormData(form);
      const value = (name: string) => String(data.get(name) ?? '');
      const fields = {
        name: value('name'),
        company: value('company'),
        email: value('email'),
        honeypot: value(HONEYPOT_FIELD),
      };
      // Waits briefly for a solve still running; never refuses to send without a proof.
      const proof = await proofOfWork?.take();
      toast = await postLead({ ...fields, source, proof, language: tag }, say);
      if (toast.variant === 'success') clearFields(form);
    } catch {
      // postLead answers every failure itself; this is the last guard so the form can never stay busy.
      toast = thrownErrorToast(say);
    }
    // A challenge is valid once: whatever the outcome, the next submission gets a fresh one.
    proofOfWork?.renew();
    inFlight.current = false;
    setSubmitting(false);
    onOutcome?.(toast);
  }

  return (
    <form ref={ref} className="lead-form" method="post" action={LEAD_ENDPOINT} onSubmit={handleSubmit}>
      <div className="field">
        <label htmlFor="lead-name">{say.name}</label>
        <input
          id="lead-name"
          name="name"
          type="text"
          required
          autoComplete="name"
          placeholder={say.namePlaceholder}
          defaultValue={initialValues.name}
        />
      </div>
      <div className="field">
        <label htmlFor="lead-company">{say.company}</label>
        <input
          id="lead-company"
          name="company"
          type="text"
          required
          autoComplete="organization"
          placeholder={say.companyPlaceholder}
          defaultValue={initialValues.company}
        />
      </div>
      <div className="field">
        <label htmlFor="lead-email">{say.email}</label>
        <input
          id="lead-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          spellCheck={false}
          placeholder={emailPlaceholder}
          defaultValue={initialValues.email}
        />
      </div>
      {tag && <input type="hidden" name={LANGUAGE_FIELD} value={tag} />}
      {/* Hidden from people, screen readers and the Tab key; simple bots fill every field they find. */}
      <div className="lead-form-trap" aria-hidden="true">
        <label htmlFor="lead-website">Website</label>
        <input id="lead-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        ref={submitRef}
        type="submit"
        className="button button-primary button-block lead-form-submit"
        disabled={submitting}
      >
        {submitting ? say.submitting : say.submit}
      </button>
    </form>
  );
}

/** reset() also forgets that the visitor touched the fields, so the emptied required fields are not flagged invalid. */
function clearFields(form: HTMLFormElement): void {
  form.reset();
  for (const name of LEAD_FIELDS) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = '';
  }
}
