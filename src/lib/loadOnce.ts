/**
 * A library loaded on first use (a provider SDK, the passkey and Twilio signature checks) and shared by every
 * later call. A failed load is not remembered: the next call (the alert's next attempt) tries again.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  return {
    /** The loaded value, loading it now if no load is under way or done. */
    get(): Promise<T> {
      if (pending) return pending;
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
      return attempt;
    },
    /** The load under way or done, without starting one (for closing what was opened). */
    started: (): Promise<T> | undefined => pending,
  };
}
