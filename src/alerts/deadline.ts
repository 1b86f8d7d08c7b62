/**
 * One attempt within a deadline: the attempt gets an AbortSignal that aborts at the deadline (an HTTP
 * request passes it on and stops), and whatever the attempt does, it counts as failed then, with
 * ETIMEDOUT. The runner gives every alert attempt one; `leads test-alerts` every test.
 */
export function withinDeadline<T>(deadlineMs: number, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(deadlineMs);
  return new Promise<T>((resolve, reject) => {
    const expire = () =>
      reject(Object.assign(new Error(`no answer within ${deadlineMs / 1000} s`), { code: 'ETIMEDOUT' }));
    signal.addEventListener('abort', expire, { once: true });
    attempt(signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', expire));
  });
}
