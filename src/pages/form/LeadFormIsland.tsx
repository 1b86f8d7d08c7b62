/**
 * The only hydrated part of the page: the lead form and the toasts that
 * report each submission's outcome. The server renders it into the island
 * element; client/lead-form.tsx hydrates it with the same props.
 */
import { useRef } from 'react';
import type { LeadSourceInput } from '../../contract/lead';
import { LeadForm } from './LeadForm';
import type { ProofOfWork } from './proofOfWork';
import { Toaster } from './Toaster';
import { useToasts } from './useToasts';

export interface LeadFormIslandProps {
  emailPlaceholder: string;
  /** Browser only, not rendered (client/lead-form.tsx): where the visitor came from. */
  source?: LeadSourceInput;
  /** Browser only, not rendered (client/lead-form.tsx): the proof of work for each lead. */
  proofOfWork?: ProofOfWork;
}

export function LeadFormIsland({ emailPlaceholder, source, proofOfWork }: LeadFormIslandProps) {
  const { toasts, show, dismiss } = useToasts();
  const form = useRef<HTMLFormElement>(null);
  const focusSubmit = () => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();

  return (
    <>
      <LeadForm
        ref={form}
        emailPlaceholder={emailPlaceholder}
        onOutcome={show}
        source={source}
        proofOfWork={proofOfWork}
      />
      <Toaster toasts={toasts} onDismiss={dismiss} onFocusLost={focusSubmit} />
    </>
  );
}
