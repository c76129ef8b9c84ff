import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { IdTokenError, idTokenVerifier } from '../../src/adapters/oidc/id-token-verifier.ts';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'shieldline-client';
const NONCE = 'nonce-of-this-sign-in';
const KID = 'key-1';

/** The verifier against a real JWKS endpoint on loopback, with tokens signed by jose. */
describe('idTokenVerifier', () => {
  let server: Server;
  let providerKey: CryptoKey;
  let otherKey: CryptoKey;
  let verify: ReturnType<typeof idTokenVerifier>;

  beforeAll(async () => {
    const provider = await generateKeyPair('RS256', { extractable: true });
    providerKey = provider.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(provider.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] });
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    verify = idTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl: `http://127.0.0.1:${port}/jwks` });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const now = () => Math.floor(Date.now() / 1000);

  /** An id_token as the provider would issue it; `claims` overrides or (undefined) removes claims. */
  async function anIdToken(claims: Record<string, unknown> = {}, key: CryptoKey = providerKey): Promise<string> {
    const base: Record<string, unknown> = {
      iss: ISSUER,
      aud: AUDIENCE,
      sub: 'user-123',
      iat: now(),
      exp: now() + 600,
      nonce: NONCE,
      email: 'maria@example.com',
      email_verified: true,
      name: 'Maria Lopez',
    };
    const payload = Object.fromEntries(Object.entries({ ...base, ...claims }).filter(([, v]) => v !== undefined)) as JWTPayload;
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: KID }).sign(key);
  }

  it('accepts a token the provider signed for this client and this sign-in', async () => {
    expect(await verify(await anIdToken(), NONCE, 2000)).toEqual({
      id: 'user-123',
      email: 'maria@example.com',
      emailVerified: true,
      displayName: 'Maria Lopez',
      photoUrl: null,
    });
  });

  it.each([
    ['signed by another key (same key id)', () => anIdToken({}, otherKey), /signature/i],
    ['from another issuer', () => anIdToken({ iss: 'https://evil.example' }), /iss/],
    ['for another client', () => anIdToken({ aud: 'someone-else' }), /aud/],
    ['expired', () => anIdToken({ iat: now() - 3600, exp: now() - 60 }), /exp/],
    ['without an expiry', () => anIdToken({ exp: undefined }), /exp/],
    ['without an issue time', () => anIdToken({ iat: undefined }), /iat/],
    ['without a subject', () => anIdToken({ sub: undefined }), /sub/],
  ])('refuses a token %s', async (_what, token, reason) => {
    const failure = await verify(await token(), NONCE, 2000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(IdTokenError);
    expect((failure as Error).message).toMatch(reason);
  });

  it('refuses a token issued for another sign-in (nonce mismatch) or without a nonce', async () => {
    await expect(verify(await anIdToken({ nonce: 'someone-elses-nonce' }), NONCE, 2000)).rejects.toThrow(/nonce/);
    await expect(verify(await anIdToken({ nonce: undefined }), NONCE, 2000)).rejects.toThrow(/nonce/);
  });

  it('refuses a missing or empty id_token', async () => {
    await expect(verify(undefined, NONCE, 2000)).rejects.toBeInstanceOf(IdTokenError);
    await expect(verify('', NONCE, 2000)).rejects.toBeInstanceOf(IdTokenError);
    await expect(verify('not.a.jwt', NONCE, 2000)).rejects.toBeInstanceOf(IdTokenError);
  });

  it('does not keep an unverified e-mail (it could be anyone’s)', async () => {
    const unverified = await verify(await anIdToken({ email_verified: false }), NONCE, 2000);
    expect(unverified).toMatchObject({ id: 'user-123', email: null, emailVerified: false });
    const absent = await verify(await anIdToken({ email_verified: undefined }), NONCE, 2000);
    expect(absent).toMatchObject({ email: null, emailVerified: false });
    const asString = await verify(await anIdToken({ email_verified: 'true' }), NONCE, 2000);
    expect(asString).toMatchObject({ email: null, emailVerified: false });
  });
});
