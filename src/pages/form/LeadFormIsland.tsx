/**
 * The only hydrated part of the page: the lead form and the toasts that report each submission's outcome. The
 * server renders it into the island element; client/lead-form.tsx hydrates it with the same props.
 */
import { useRef, useState } from 'react';
import { formStrings } from '../../strings/form';
import { BookingPanel } from './BookingPanel';
import { LeadForm, type LeadFormProps } from './LeadForm';
import type { ToastMessage } from './messages';
import { Toaster } from './Toaster';
import { useToasts } from './useToasts';

export type LeadFormIslandProps = Pick<LeadFormProps, 'emailPlaceholder' | 'language' | 'source' | 'proofOfWork'>;

export function LeadFormIsland({ emailPlaceholder, language = 'en', source, proofOfWork }: LeadFormIslandProps) {
  const { toasts, show, dismiss } = useToasts();
  const form = useRef<HTMLFormElement>(null);
  const focusSubmit = () => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  // The booking page of the last lead that may book its call: the panel under the form shows its free times.
  const [bookingPath, setBookingPath] = useState<string>();
  const outcome = (toast: ToastMessage) => {
    show(toast);
    if (toast.bookingPath) setBookingPath(toast.bookingPath);
  };

  return (
    <>
      <LeadForm
        ref={form}
        emailPlaceholder={emailPlaceholder}
        language={language}
        onOutcome={outcome}
        source={source}
        proofOfWork={proofOfWork}
      />
      {bookingPath && <BookingPanel key={bookingPath} path={bookingPath} language={language} />}
      <Toaster toasts={toasts} onDismiss={dismiss} onFocusLost={focusSubmit} say={formStrings(language)} />
    </>
  );
}
