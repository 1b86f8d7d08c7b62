/**
 * The only hydrated part of the page: the lead form and the toasts that report each submission's outcome. The
 * server renders it into the island element; client/lead-form.tsx hydrates it with the same props.
 */
import { useRef } from 'react';
import { formStrings } from '../../strings/form';
import { LeadForm, type LeadFormProps } from './LeadForm';
import { Toaster } from './Toaster';
import { useToasts } from './useToasts';

export type LeadFormIslandProps = Pick<LeadFormProps, 'emailPlaceholder' | 'language' | 'source' | 'proofOfWork'>;

export function LeadFormIsland({ emailPlaceholder, language = 'en', source, proofOfWork }: LeadFormIslandProps) {
  const { toasts, show, dismiss } = useToasts();
  const form = useRef<HTMLFormElement>(null);
  const focusSubmit = () => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();

  return (
    <>
      <LeadForm
        ref={form}
        emailPlaceholder={emailPlaceholder}
        language={language}
        onOutcome={show}
        source={source}
        proofOfWork={proofOfWork}
      />
      <Toaster toasts={toasts} onDismiss={dismiss} onFocusLost={focusSubmit} say={formStrings(language)} />
    </>
  );
}
