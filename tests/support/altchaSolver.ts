/**
 * What any ALTCHA client does, in Node: fetch a challenge from the site, solve
 * it with altcha-lib's own solver, and encode the payload as the body field
 * `altcha` carries it (base64 of JSON { challenge, solution }).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { LEAD_CHALLENGE_ENDPOINT } from '../../src/contract/lead';

export async function fetchChallenge(baseUrl: string): Promise<Challenge> {
  const res = await fetch(`${baseUrl}${LEAD_CHALLENGE_ENDPOINT}`);
  if (res.status !== 200) throw new Error(`challenge: HTTP ${res.status}`);
  return (await res.json()) as Challenge;
}

export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the challenge was not solved in 30 s');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fresh challenge from the site, solved: the value of the lead's `altcha` field. */
export async function solvedProof(baseUrl: string): Promise<string> {
  return solve(await fetchChallenge(baseUrl));
}
