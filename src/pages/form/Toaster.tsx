/**
 * Where toasts appear. The live region is rendered on the server, empty, so it already exists when a toast is
 * added: screen readers only announce changes to regions they have seen before. Each toast has a close button
 * and leaves by itself after a while, but never while the pointer rests on it or keyboard focus is inside (so
 * nobody loses a message mid-read).
 */
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormStrings } from '../../strings/en';
import type { ShownToast } from './useToasts';

export const TOAST_DURATION_MS = 6000;

export interface ToasterProps {
  toasts: ShownToast[];
  onDismiss: (id: number) => void;
  /** Called when a toast holding keyboard focus goes away, so focus lands somewhere sensible. */
  onFocusLost?: () => void;
  /** The page's words: the list's and the close button's names. */
  say: FormStrings;
}

export function Toaster({ toasts, onDismiss, onFocusLost, say }: ToasterProps) {
  const [paused, setPaused] = useState(false);
  // A pointer resting where a removed toast was gets no pointerleave until it moves: start the next toast unpaused.
  useEffect(() => {
    if (toasts.length === 0) setPaused(false);
  }, [toasts.length]);

  const dismiss = (id: number, element: HTMLElement | null) => {
    const hadFocus = element?.contains(document.activeElement) ?? false;
    onDismiss(id);
    if (hadFocus) {
      setPaused(false);
      onFocusLost?.();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only pause the toasts' timers while pointed at or focused; a live region, not a control
    <div
      className="toast-viewport"
      aria-live="polite"
      aria-relevant="additions text"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <ol className="toast-list" aria-label={say.notifications}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={dismiss} dismissLabel={say.dismiss} />
        ))}
      </ol>
    </div>
  );
}

interface ToastItemProps {
  toast: ShownToast;
  paused: boolean;
  onDismiss: (id: number, element: HTMLElement | null) => void;
  dismissLabel: string;
}

function ToastItem({ toast, paused, onDismiss, dismissLabel }: ToastItemProps) {
  const element = useRef<HTMLLIElement>(null);
  // The latest callback without restarting the timer on every parent render.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissRef.current(toast.id, element.current), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id]);

  const Icon = toast.variant === 'destructive' ? CircleAlert : CircleCheck;
  return (
    <li ref={element} className={`toast toast-${toast.variant}`}>
      <Icon className="toast-icon" aria-hidden="true" focusable="false" size={22} />
      <div className="toast-body">
        <p className="toast-title">{toast.title}</p>
        <p className="toast-description">{toast.description}</p>
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id, element.current)}
      >
        <X aria-hidden="true" focusable="false" size={18} />
      </button>
    </li>
  );
}
