import Provider, { type Configuration } from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';
import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, findDemoAccount } from './demo-accounts.ts';
import { MemoryOidcAdapter } from './memory-oidc-adapter.ts';

export interface EmbeddedOidc {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) for development and tests, standing in for
 * Google: same code flow, PKCE, signed id_tokens and JWKS, so the app's sign-in code path is the
 * one production uses. Its sign-in page offers the demo accounts. Refuses to exist in production.
 */
export async function createEmbeddedOidc(opts: {
  issuer: string;
  redirectUri: string;
  production: boolean;
  interactionPath: (uid: string) => string;
}): Promise<EmbeddedOidc> {
  if (opts.production) {
    throw new Error('The embedded OpenID provider is for development and tests only; configure GOOGLE_CLIENT_ID/SECRET.');
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'embedded-1', alg: 'RS256', use: 'sig' };
  const clientId = 'shieldline-embedded';
  const clientSecret = randomBytes(24).toString('base64url');

  const configuration: Configuration = {
    adapter: MemoryOidcAdapter,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Put the profile claims in the id_token, as Google does, so the app needs no userinfo call.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const a = findDemoAccount(sub);
      if (!a) return undefined;
      return {
        accountId: a.sub,
        claims: () => ({ sub: a.sub, name: a.name, email: a.email, email_verified: a.emailVerified, ...(a.picture ? { picture: a.picture } : {}) }),
      };
    },
    interactions: { url: (_ctx, interaction) => opts.interactionPath(interaction.uid) },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [jwk] },
    ttl: { AuthorizationCode: 120, IdToken: 3600, AccessToken: 3600, Interaction: 900, Session: 3600, Grant: 3600 },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sign-in error: ${out.error}${out.error_description ? ` — ${out.error_description}` : ''}`;
    },
  };
  const provider = new Provider(opts.issuer, configuration);
  return { provider, issuer: opts.issuer, clientId, clientSecret };
}

export { DEMO_ACCOUNTS };
