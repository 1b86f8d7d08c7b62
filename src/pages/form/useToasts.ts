/**
 * The list of toasts on screen. A new outcome is added to the end; only the
 * latest few are kept so repeated submissions cannot pile up over the page.
 */
import { useCallback, useRef, useState } from 'react';
import type { ToastMessage } from './messages';

export interface ShownToast extends ToastMessage {
  id: number;
}

const MAX_TOASTS = 3;

export function useToasts() {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const show = useCallback((toast: ToastMessage) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id }].slice(-MAX_TOASTS));
  }, []);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  return { toasts, show, dismiss };
}
