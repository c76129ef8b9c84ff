import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { SignedInUser } from '../../domain/auth/permissions.ts';

export interface IdTokenVerifierOptions {
  issuer: string;
  audience: string;
  jwksUrl: string;
}

export class IdTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdTokenError';
  }
}

/**
 * Verifies an OpenID Connect id_token: signature against the provider's JWKS, issuer, audience,
 * expiry (exp, iat and sub must be present) and the nonce this browser was given. Only a verified e-mail is kept (an unverified one
 * could be anyone's, and e-mail is what matches an employee record).
 */
export function idTokenVerifier(opts: IdTokenVerifierOptions) {
  // The key set fetch is cut off (AbortSignal, inside jose) after the sign-in's network time-out,
  // which depends on the sign-in's mode (R-AUTH-13): one cached key set per time-out.
  const keySets = new Map<number, ReturnType<typeof createRemoteJWKSet>>();
  const keySet = (timeoutMs: number) => {
    let jwks = keySets.get(timeoutMs);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: timeoutMs, cooldownDuration: 30_000 });
      keySets.set(timeoutMs, jwks);
    }
    return jwks;
  };
  /** `timeoutMs`: how long fetching the provider's keys may take (R-AUTH-13). */
  return async function verify(idToken: unknown, expectedNonce: string, timeoutMs: number): Promise<SignedInUser> {
    if (typeof idToken !== 'string' || idToken === '') throw new IdTokenError('The identity provider returned no id_token.');
    let payload: JWTPayload;
    try {
      // Without requiredClaims jose accepts a token with no exp (valid for ever); OpenID Connect
      // id_tokens always carry exp, iat and sub (iss and aud are required by the checks above).
      ({ payload } = await jwtVerify(idToken, keySet(timeoutMs), { issuer: opts.issuer, audience: opts.audience, clockTolerance: 5, requiredClaims: ['exp', 'iat', 'sub'] }));
    } catch (cause) {
      if (cause instanceof errors.JWKSTimeout) {
        throw new IdTokenError(`The identity service did not send its keys within ${timeoutMs / 1000} s; please try again.`, { cause });
      }
      throw new IdTokenError(`The id_token failed verification (${(cause as Error).message}).`, { cause });
    }
    if (payload['nonce'] !== expectedNonce) throw new IdTokenError('The id_token nonce does not match this sign-in.');
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new IdTokenError('The id_token has no subject.');
    const emailVerified = payload['email_verified'] === true;
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      id: payload.sub,
      email: emailVerified ? str(payload['email']) : null,
      emailVerified,
      displayName: str(payload['name']),
      photoUrl: str(payload['picture']),
    };
  };
}
