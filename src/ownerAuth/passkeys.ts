/**
 * Passkey registration and sign-in with @simplewebauthn/server. The relying party is PUBLIC_URL: its
 * host is the RP ID and its origin the only origin accepted, from the configuration alone (never a
 * Host or X-Forwarded-* header). User verification (the phone's fingerprint, face or PIN) is required.
 * The library is loaded on first use, to keep it out of the server's start-up.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { loadOnce } from '../lib/loadOnce';
import { iso } from '../lib/time';
import { createCeremonyChallenges } from './ceremonyChallenges';
import type { PasskeysTable } from './passkeysTable';

export interface PasskeyDeps {
  passkeys: PasskeysTable;
  publicUrl: string;
  /** The relying party's name the phone shows: the owner's name. */
  rpName: string;
  now: () => number;
}

// The one user of this site: a fixed handle, so a phone keeps one passkey per site, not one per registration.
const USER_ID = new TextEncoder().encode('site-owner');
const TIMEOUT_MS = 120_000;

const library = loadOnce(() => import('@simplewebauthn/server'));

export type PasskeyCeremonies = ReturnType<typeof createPasskeyCeremonies>;

export function createPasskeyCeremonies({ passkeys, publicUrl, rpName, now }: PasskeyDeps) {
  const { origin, hostname: rpID } = new URL(publicUrl);
  const challenges = createCeremonyChallenges(now);
  const transportsOf = (json: string) => JSON.parse(json) as string[];
  // A malformed answer makes the library throw: for the owner it is the same as a wrong one.
  const verified = async <T>(check: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await check();
    } catch {
      return undefined;
    }
  };

  return {
    /** Options for navigator.credentials.create, and the ceremony id to send back. */
    async registrationOptions() {
      const lib = await library.get();
      const options = await lib.generateRegistrationOptions({
        rpName,
        rpID,
        userName: 'owner',
        userDisplayName: rpName,
        userID: USER_ID,
        timeout: TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: passkeys.all().map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { ceremony: challenges.put(options.challenge), options };
    },
    /** Verifies and stores the new passkey; its id, or undefined when the answer does not verify. */
    async register(ceremony: string, response: unknown, name: string) {
      const challenge = challenges.take(ceremony);
      if (!challenge) return undefined;
      const lib = await library.get();
      const result = await verified(() =>
        lib.verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        }),
      );
      if (!result?.verified) return undefined;
      const { credential } = result.registrationInfo;
      if (passkeys.get(credential.id)) return undefined;
      passkeys.add({
        id: credential.id,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name,
        created_at: iso(now()),
      });
      return credential.id;
    },
    async authenticationOptions() {
      const lib = await library.get();
      // No allowCredentials: the phone offers the passkeys it holds for this site (discoverable).
      const options = await lib.generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: TIMEOUT_MS,
      });
      return { ceremony: challenges.put(options.challenge), options };
    },
    /** The passkey that signed the challenge, or undefined when the answer does not verify. */
    async authenticate(ceremony: string, response: unknown) {
      const challenge = challenges.take(ceremony);
      const id = (response as { id?: unknown } | null)?.id;
      if (!challenge || typeof id !== 'string') return undefined;
      const passkey = passkeys.get(id);
      if (!passkey) return undefined;
      const lib = await library.get();
      const result = await verified(() =>
        lib.verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.id,
            publicKey: new Uint8Array(passkey.public_key),
            counter: passkey.counter,
            transports: transportsOf(passkey.transports),
          },
          requireUserVerification: true,
        }),
      );
      if (!result?.verified) return undefined;
      passkeys.used(passkey.id, result.authenticationInfo.newCounter, iso(now()));
      return passkey.id;
    },
  };
}
