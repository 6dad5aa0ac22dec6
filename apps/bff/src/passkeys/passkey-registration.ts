/**
 * Registering a passkey (issue 61): only soon after a sign-in (password or single sign-on alike:
 * each makes a new session, and the session keeps when), with user verification required. A
 * new passkey is pending: it signs nothing until the policy's cooling-off passes or another
 * admin confirms it, so that a stolen session cannot register a key and approve at once.
 */
import { createHash } from 'node:crypto';
import type { Operator, Passkey } from '@console/schemas';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { ProblemError } from '../errors';
import type { SecurityEventStore } from '../security/security-events';
import type { PasskeyStore } from './passkey-store';
import type { RelyingParty } from './relying-party';

/** How recent a sign-in must be to register a passkey. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;
/** How long a registration's challenge may be answered. */
const REGISTER_CHALLENGE_MS = 5 * 60_000;

export interface PasskeyDeps {
  passkeys: PasskeyStore;
  rp: RelyingParty;
  now: () => number;
  /** The policy in force's cooling-off of a new passkey. */
  coolingOffMs: () => number;
  securityEvents: SecurityEventStore;
}

/** Refused unless the operator signed in within {@link FRESH_SIGN_IN_MS}. */
export function requireFreshSignIn(signedInAt: Date | undefined, now: number): void {
  if (signedInAt && now - signedInAt.getTime() <= FRESH_SIGN_IN_MS) return;
  throw new ProblemError({
    status: 403,
    code: 'fresh-sign-in-required',
    detail: `Sign out and sign in again to register a passkey: it needs a sign-in of the last ${FRESH_SIGN_IN_MS / 60_000} minutes.`,
  });
}

const refused = (detail: string) =>
  new ProblemError({ status: 422, code: 'passkey-refused', detail });

export async function registrationOptions(
  deps: PasskeyDeps,
  operator: Operator,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const mine = await deps.passkeys.list(operator.username);
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: operator.username,
    userDisplayName: operator.display_name,
    // A stable handle that says nothing more than the username's hash.
    userID: createHash('sha256').update(operator.username, 'utf8').digest(),
    attestationType: 'none',
    excludeCredentials: mine
      .filter((p) => p.state !== 'revoked')
      .map((p) => ({ id: p.credential_id, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    timeout: REGISTER_CHALLENGE_MS,
  });
  await deps.passkeys.issueChallenge({
    challenge: options.challenge,
    username: operator.username,
    purpose: 'register',
    expiresAt: new Date(deps.now() + REGISTER_CHALLENGE_MS),
  });
  return options;
}

export async function registerPasskey(
  deps: PasskeyDeps,
  operator: Operator,
  input: { name: string; response: RegistrationResponseJSON },
  requestId: string,
): Promise<Passkey> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(input.response.response.clientDataJSON).challenge;
  } catch {
    throw refused('The authenticator’s answer could not be read.');
  }
  const taken = await deps.passkeys.takeChallenge(challenge, operator.username, 'register');
  if (!taken) throw refused('This registration was not begun here, or has expired: start again.');
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: deps.rp.origins,
    expectedRPID: deps.rp.id,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    throw refused(`The passkey was not registered: ${(error as Error).message}`);
  });
  if (!verified.verified) throw refused('The passkey was not registered: it did not verify.');
  const { credential } = verified.registrationInfo;
  const at = new Date(deps.now());
  const added = await deps.passkeys.add({
    credentialId: credential.id,
    username: operator.username,
    name: input.name,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    signCount: credential.counter,
    transports: credential.transports ?? [],
    at,
    usableFrom: new Date(at.getTime() + deps.coolingOffMs()),
  });
  if (!added) throw refused('This passkey is registered already.');
  await deps.securityEvents.record({
    kind: 'passkey-registered',
    username: operator.username,
    requestId,
    detail: `“${input.name}” (${credential.id})`,
  });
  return added;
}
