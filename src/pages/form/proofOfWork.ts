/**
 * The form's proof of work (ALTCHA v2): fetch a challenge once the page is complete, solve it in a Web Worker
 * (client/proof-worker.ts), and hand the solution to the next JSON lead. It never holds a visitor up and never
 * stops a lead: a submission waits for a solve still running at most PROOF_WAIT_MS, and anything that fails (no
 * Worker or WebCrypto, the challenge endpoint answering 429 or 5xx, the worker failing to load) only means the
 * lead goes without a proof, which the server stores and e-mails as unverified.
 *
 * Each challenge is valid once: after every submission the form calls renew(). An unused one is replaced about
 * a minute before it expires. Kept free of React, like postLead.ts, so every path can be reasoned about here.
 */
import { LEAD_CHALLENGE_ENDPOINT } from '../../contract/lead';

/** How long a submission waits for a solve still running before it goes without a proof. */
export const PROOF_WAIT_MS = 1_500;
/** An unused challenge is replaced this long before it expires. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** Never replace an unused challenge sooner than this, whatever its expiry says (no fetch loop). */
const MIN_RENEW_DELAY_MS = 30_000;
/** A proof with less time left than this is not sent: the server would find it expired. */
const SEND_MARGIN_MS = 15_000;
const CHALLENGE_TIMEOUT_MS = 10_000;
/** The worker gives up after this long (a counter far beyond the usual); the guard is a little later. */
const SOLVE_TIMEOUT_MS = 30_000;
/** setTimeout's largest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface ProofOfWork {
  /**
   * The `altcha` value for the next lead: base64 of JSON `{ challenge, solution }`. Waits at most
   * `waitMs` for a solve still running; undefined when there is no usable proof by then.
   */
  take(waitMs?: number): Promise<string | undefined>;
  /** Drops the current challenge (used, or failed) and starts a fresh one. Call after every submission. */
  renew(): void;
}

/** ALTCHA v2 challenge as the endpoint sends it; `parameters` is passed on exactly as received. */
interface Challenge {
  parameters: { nonce: string; salt: string; keyPrefix: string; expiresAt?: unknown; data?: unknown } & Record<
    string,
    unknown
  >;
  signature: string;
}

interface Solution {
  counter: number;
  derivedKey: string;
  time?: number;
}

interface Proof {
  payload: string;
  /** Local time (Date.now()) when the server will consider the challenge expired; Infinity when it never does. */
  expiresAt: number;
}

interface Attempt {
  /** Resolves with the proof, or undefined when this attempt failed or was cancelled. Never rejects. */
  proof: Promise<Proof | undefined>;
  /** The proof once settled: undefined while solving, null when the attempt failed. */
  settled: Proof | null | undefined;
  cancel(): void;
}

const NO_PROOF: ProofOfWork = { take: async () => undefined, renew: () => {} };

/**
 * `workerUrl`: the built worker script (the island's data-proof-worker); without it, or without Worker or
 * WebCrypto, no proof is made.
 */
export function startProofOfWork(workerUrl: string | undefined): ProofOfWork {
  if (!workerUrl || typeof Worker !== 'function' || !globalThis.crypto?.subtle) return NO_PROOF;

  let attempt: Attempt | undefined;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  let onVisible: (() => void) | undefined;
  // The challenge is fetched only once the page is complete: nothing is added to the requests before then.
  let pageComplete = document.readyState === 'complete';

  const begin = () => {
    attempt?.cancel();
    clearTimeout(renewTimer);
    if (onVisible) document.removeEventListener('visibilitychange', onVisible);
    onVisible = undefined;
    const current = solveFreshChallenge(workerUrl);
    attempt = current;
    void current.proof.then((proof) => {
      if (!proof || attempt !== current || proof.expiresAt === Infinity) return;
      const delay = Math.min(
        MAX_DELAY_MS,
        Math.max(MIN_RENEW_DELAY_MS, proof.expiresAt - RENEW_BEFORE_EXPIRY_MS - Date.now()),
      );
      renewTimer = setTimeout(renewWhenVisible, delay);
    });
  };

  // A tab in the background fetches no challenge nobody will use: it renews once it is shown again.
  const renewWhenVisible = () => {
    if (document.visibilityState !== 'hidden') return begin();
    onVisible = () => document.visibilityState !== 'hidden' && begin();
    document.addEventListener('visibilitychange', onVisible);
  };

  const onLoad = () => {
    pageComplete = true;
    begin();
  };
  if (pageComplete) begin();
  else window.addEventListener('load', onLoad, { once: true });

  return {
    async take(waitMs = PROOF_WAIT_MS) {
      // A proof that outlived its challenge (the computer slept, timers were throttled): solve a fresh one now.
      if (attempt?.settled && !usable(attempt.settled)) begin();
      if (!attempt) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
      const proof = await Promise.race([attempt.proof, timeout]);
      clearTimeout(timer);
      return proof && usable(proof) ? proof.payload : undefined;
    },
    renew() {
      // Before the page is complete the load listener starts the first challenge anyway.
      if (pageComplete) begin();
    },
  };
}

const usable = (proof: Proof) => Date.now() < proof.expiresAt - SEND_MARGIN_MS;

/**
 * One challenge: fetched, solved in its own worker, encoded. The worker is started alongside the fetch so its
 * script loads meanwhile.
 */
function solveFreshChallenge(workerUrl: string): Attempt {
  const controller = new AbortController();
  let worker: Worker | undefined;
  const attempt: Attempt = {
    settled: undefined,
    proof: Promise.resolve(undefined),
    cancel: () => {
      controller.abort();
      worker?.terminate();
    },
  };
  attempt.proof = (async (): Promise<Proof | undefined> => {
    try {
      worker = new Worker(workerUrl);
      const fetchedAt = Date.now();
      const challenge = await fetchChallenge(controller.signal);
      if (!challenge || controller.signal.aborted) return undefined;
      const solution = await solveInWorker(worker, challenge, controller.signal);
      if (!solution || controller.signal.aborted) return undefined;
      return { payload: encodePayload(challenge, solution), expiresAt: localExpiry(challenge, fetchedAt) };
    } catch {
      return undefined;
    } finally {
      worker?.terminate();
    }
  })().then((proof) => {
    attempt.settled = proof ?? null;
    return proof;
  });
  return attempt;
}

async function fetchChallenge(signal: AbortSignal): Promise<Challenge | undefined> {
  // Its own controller for the timeout, following the attempt's: AbortSignal.any() is too new for our targets.
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  const timer = setTimeout(abort, CHALLENGE_TIMEOUT_MS);
  try {
    const response = await fetch(LEAD_CHALLENGE_ENDPOINT, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) return undefined;
    return asChallenge(await response.json());
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

function asChallenge(value: unknown): Challenge | undefined {
  if (!isObject(value) || !isObject(value.parameters) || typeof value.signature !== 'string') return undefined;
  const { nonce, salt, keyPrefix } = value.parameters;
  if (typeof nonce !== 'string' || typeof salt !== 'string' || typeof keyPrefix !== 'string') return undefined;
  return { parameters: value.parameters as Challenge['parameters'], signature: value.signature };
}

/** The worker's answer: the solution, or undefined after its timeout, an error, or a cancel. */
function solveInWorker(worker: Worker, challenge: Challenge, signal: AbortSignal): Promise<Solution | undefined> {
  return new Promise((resolve) => {
    const guard = setTimeout(() => resolve(undefined), SOLVE_TIMEOUT_MS + 5_000);
    const done = (solution: Solution | undefined) => {
      clearTimeout(guard);
      signal.removeEventListener('abort', cancelled);
      resolve(solution);
    };
    const cancelled = () => done(undefined);
    signal.addEventListener('abort', cancelled);
    worker.onmessage = (event: MessageEvent<unknown>) => done(asSolution(event.data));
    worker.onerror = (event) => {
      event.preventDefault();
      done(undefined);
    };
    worker.onmessageerror = () => done(undefined);
    worker.postMessage({ type: 'work', challenge, counterStart: 0, counterStep: 1, timeout: SOLVE_TIMEOUT_MS });
  });
}

function asSolution(value: unknown): Solution | undefined {
  if (!isObject(value) || typeof value.counter !== 'number' || typeof value.derivedKey !== 'string') return undefined;
  return {
    counter: value.counter,
    derivedKey: value.derivedKey,
    ...(typeof value.time === 'number' ? { time: value.time } : {}),
  };
}

/** ALTCHA's own payload convention: base64 of the JSON `{ challenge: { parameters, signature }, solution }`. */
function encodePayload(challenge: Challenge, solution: Solution): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ challenge, solution }));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * When the challenge expires, on this browser's clock. Its lifetime is taken from the server's own
 * figures (expiresAt in seconds, data.issuedAt in ms) and counted from the fetch, so a wrong clock
 * here changes nothing; without issuedAt the local clock has to do.
 */
function localExpiry(challenge: Challenge, fetchedAt: number): number {
  const { expiresAt, data } = challenge.parameters;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return Infinity;
  const issuedAt = isObject(data) && typeof data.issuedAt === 'number' ? data.issuedAt : undefined;
  return issuedAt === undefined ? expiresAt * 1000 : fetchedAt + (expiresAt * 1000 - issuedAt);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
