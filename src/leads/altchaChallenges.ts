/**
 * The form's proof of work, with ALTCHA (altcha-lib, v2 protocol): the server hands out signed challenges and
 * checks the solved ones a lead carries.
 *
 * A challenge is made in ALTCHA's deterministic mode: the server picks the counter the solver must find (so the
 * work is known, from half to all of LEAD_CHALLENGE_DIFFICULTY hashes) and signs the derived key, so checking a
 * solution costs two HMACs and no hashing. The signed parameters carry the issue time (for the too-fast rule) and
 * the expiry (10 minutes). That a challenge is used once only is kept in the database, by the lead service.
 *
 * altcha-lib makes the challenges. The check computes the same two HMACs as altcha-lib's verifySolution, with
 * node:crypto instead of WebCrypto: every lead pays for it, and WebCrypto adds a key import and a thread-pool
 * round trip to each HMAC, which cost the main thread far more than the HMACs themselves
 * (docs/decisions/011-proof-check-with-node-crypto.md). tests/leads/proofCheck.test.ts holds it to ALTCHA's rules
 * case by case; run against verifySolution, the same cases give the same answers.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { createChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export const CHALLENGE_VALIDITY_MS = 10 * 60_000;
/** A payload larger than this is not a solved challenge of ours (a few short fields, a signature and a counter). */
const MAX_PAYLOAD_LENGTH = 4_096;

export type ProofCheck =
  | { status: 'missing' | 'invalid' | 'expired' }
  /** id: the challenge's signature, unique per challenge; expiresAt: ISO time after which it can be forgotten. */
  | { status: 'valid'; id: string; issuedAt: number; expiresAt: string };

export interface ProofChallengeOptions {
  secret: string;
  difficulty: number;
  now?: () => number;
}

const HEX_BYTES = /^(?:[0-9a-f]{2})+$/; // lowercase, as every solver writes it
const MAX_COUNTER = 0xffffffff; // ALTCHA's counter is a uint32

const hmacHex = (key: string, data: string | Buffer) => createHmac('sha256', key).update(data).digest('hex');
const isCounter = (n: unknown): n is number =>
  Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_COUNTER;

/** Equal strings, compared in constant time. */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** JSON with every object's keys sorted: what ALTCHA signs (parsed JSON holds no undefined values to leave out). */
function canonicalJson(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const entries = Object.keys(v)
      .sort()
      .map((key) => [key, sorted((v as Record<string, unknown>)[key])] as const);
    return Object.fromEntries(entries); // fromEntries: a "__proto__" key stays a key, as ALTCHA keeps it
  };
  return JSON.stringify(sorted(value));
}

function decode(payload: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const { challenge, solution } = parsed as { challenge?: Challenge; solution?: Solution };
    const issuedAt = challenge?.parameters?.data?.issuedAt;
    if (
      typeof challenge?.signature !== 'string' ||
      typeof solution !== 'object' ||
      solution === null ||
      typeof issuedAt !== 'number'
    )
      return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}

export type ProofChallenges = ReturnType<typeof createProofChallenges>;

export function createProofChallenges({ secret, difficulty, now = Date.now }: ProofChallengeOptions) {
  // Two keys from one secret: one signs the challenge, the other the key the solver must find.
  const signing = createHmac('sha256', secret).update('altcha challenge signature').digest('hex');
  const keySigning = createHmac('sha256', secret).update('altcha key signature').digest('hex');
  const low = Math.max(1, Math.floor(difficulty / 2));

  return {
    /** A new challenge, as the form's solver takes it: `{ parameters, signature }`. */
    challenge(): Promise<Challenge> {
      const issuedAt = now();
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(low, difficulty + 1),
        deriveKey,
        hmacSignatureSecret: signing,
        hmacKeySignatureSecret: keySigning,
        expiresAt: Math.floor((issuedAt + CHALLENGE_VALIDITY_MS) / 1000),
        data: { issuedAt },
      });
    },
    /** Checks the body field's value: base64 of JSON `{ challenge, solution }`. */
    async check(payload: unknown): Promise<ProofCheck> {
      if (payload === undefined || payload === null || payload === '') return { status: 'missing' };
      if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_LENGTH) return { status: 'invalid' };
      const decoded = decode(payload);
      if (!decoded) return { status: 'invalid' };
      const { challenge, solution } = decoded;
      const { parameters } = challenge;
      if (parameters.expiresAt && parameters.expiresAt < now() / 1000) return { status: 'expired' };
      if (!sameText(challenge.signature as string, hmacHex(signing, canonicalJson(parameters))))
        return { status: 'invalid' };
      const { derivedKey, counter } = solution as Partial<Solution>;
      if (typeof derivedKey !== 'string' || !HEX_BYTES.test(derivedKey) || !isCounter(counter))
        return { status: 'invalid' };
      // Ours always sign the key; a challenge without that signature is not one we issued.
      if (typeof parameters.keySignature !== 'string') return { status: 'invalid' };
      if (!sameText(parameters.keySignature, hmacHex(keySigning, Buffer.from(derivedKey, 'hex'))))
        return { status: 'invalid' };
      const expiresAt = new Date((parameters.expiresAt ?? 0) * 1000).toISOString();
      return {
        status: 'valid',
        id: challenge.signature as string,
        issuedAt: parameters.data?.issuedAt as number,
        expiresAt,
      };
    },
  };
}
