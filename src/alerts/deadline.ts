/**
 * One attempt within a deadline: the attempt gets an AbortSignal that aborts at the deadline (an HTTP request
 * passes it on and stops), and whatever the attempt does, it counts as failed then, with ETIMEDOUT. The runner
 * gives every alert attempt one; `leads test-alerts` every test. The timer is cleared as soon as the attempt
 * settles (AbortSignal.timeout's would live out the whole deadline, a few thousand of them in a burst of leads).
 */
export function withinDeadline<T>(deadlineMs: number, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(Object.assign(new Error(`no answer within ${deadlineMs / 1000} s`), { code: 'ETIMEDOUT' }));
      controller.abort();
    }, deadlineMs);
    timer.unref();
    attempt(controller.signal)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}
