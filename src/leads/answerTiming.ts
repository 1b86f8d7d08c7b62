/**
 * Timing helpers of the lead answer: waiting for the SMS at most the answer timeout, and answering a lead that
 * sends no SMS about as slowly as one that waited for it, so a bot cannot tell by the clock how it was graded.
 */

/** The promise's value if it settles within `ms`, else (or if it rejects) the fallback. */
export function settleWithin<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    const done = (value: T) => {
      clearTimeout(timer);
      resolve(value);
    };
    promise.then(done, () => done(fallback));
  });
}

/**
 * A moving average of how long answers that waited for the SMS took; answers that send none
 * wait about as long (with jitter) instead of answering at once.
 */
export function answerTiming(initialMs = 20) {
  let averageMs = initialMs;
  return {
    async measure<T>(answer: Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await answer;
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
      }
    },
    imitate(): Promise<void> {
      const ms = averageMs * (0.75 + Math.random() * 0.5);
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}
