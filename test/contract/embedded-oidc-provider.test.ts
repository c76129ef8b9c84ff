import { describe, expect, it } from 'vitest';
import { createEmbeddedOidc } from '../../src/adapters/oidc/embedded-oidc-provider.ts';

const options = (production: boolean) => ({
  issuer: 'http://127.0.0.1:3999/oidc',
  redirectUri: 'http://127.0.0.1:3999/api/auth/callback',
  production,
  interactionPath: (uid: string) => `/oidc-login/${uid}`,
});

describe('createEmbeddedOidc', () => {
  it('refuses to exist in production, whatever the configuration let through', async () => {
    await expect(createEmbeddedOidc(options(true))).rejects.toThrow(/development and tests only; configure GOOGLE_CLIENT_ID/);
  });

  it('outside production gives a provider with a client for the app', async () => {
    const oidc = await createEmbeddedOidc(options(false));
    expect(oidc.issuer).toBe('http://127.0.0.1:3999/oidc');
    expect(oidc.clientId).toBeTruthy();
    expect(oidc.clientSecret.length).toBeGreaterThanOrEqual(32);
    expect(oidc.provider.issuer).toBe(oidc.issuer);
  });
});
