/**
 * The only hydrated part of the page: the lead form and the toasts that
 * report each submission's outcome. The server renders it into the island
 * element; client/lead-form.tsx hydrates it with the same props.
 */
import { useRef } from 'react';
import { LeadForm } from './LeadForm';
import { Toaster } from './Toaster';
import { useToasts } from './useToasts';

export interface LeadFormIslandProps {
  emailPlaceholder: string;
}

export function LeadFormIsland({ emailPlaceholder }: LeadFormIslandProps) {
  const { toasts, show, dismiss } = useToasts();
  const form = useRef<HTMLFormElement>(null);
  const focusSubmit = () => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();

  return (
    <>
      <LeadForm ref={form} emailPlaceholder={emailPlaceholder} onOutcome={show} />
      <Toaster toasts={toasts} onDismiss={dismiss} onFocusLost={focusSubmit} />
    </>
  );
}
