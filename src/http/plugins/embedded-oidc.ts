import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { EmbeddedOidc } from '../../adapters/oidc/embedded-oidc-provider.ts';
import { DEMO_ACCOUNTS } from '../../adapters/oidc/demo-accounts.ts';

export const EMBEDDED_OIDC_PREFIX = '/oidc';
export const interactionPath = (uid: string) => `/oidc-login/${encodeURIComponent(uid)}`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The card keeps a margin from the screen's edges on a phone (padding on the page, the card's own padding inside its width).
const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:1rem;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:2rem 1.25rem;max-width:28rem;width:100%}
@media (min-width:640px){main{padding:2rem}}
h1{font-size:1.25rem;margin:0 0 .25rem}p{color:#475569;margin:.25rem 0 1.25rem}
button{display:block;width:100%;text-align:left;padding:.75rem 1rem;margin:.5rem 0;border:1px solid #cbd5e1;border-radius:8px;background:#fff;font:inherit;cursor:pointer}
button:hover,button:focus-visible{border-color:#1d4ed8;outline:2px solid #1d4ed8}
small{display:block;color:#64748b}.cancel{text-align:center;color:#b91c1c}`;

/**
 * Mounts the embedded OpenID provider under /oidc (bodies left unparsed: the provider reads
 * them itself) and its demo sign-in page under /oidc-login/:uid.
 */
export async function registerEmbeddedOidc(app: FastifyInstance, oidc: EmbeddedOidc): Promise<void> {
  const { provider } = oidc;
  const callback = provider.callback();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const mount = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(EMBEDDED_OIDC_PREFIX.length) || '/';
      void callback(raw, reply.raw);
    };
    scope.all(EMBEDDED_OIDC_PREFIX, mount);
    scope.all(`${EMBEDDED_OIDC_PREFIX}/*`, mount);
  });

  app.get('/oidc-login/style.css', async (_req, reply) => reply.type('text/css').header('Cache-Control', 'no-cache').send(STYLE));

  app.get<{ Params: { uid: string } }>('/oidc-login/:uid', async (req, reply) => {
    const details = await provider.interactionDetails(req.raw, reply.raw);
    const action = `${interactionPath(details.uid)}/login`;
    const buttons = DEMO_ACCOUNTS.map(
      (a) =>
        `<button type="submit" name="account" value="${escape(a.sub)}">${escape(a.name)} <small>${escape(a.email)} · ${escape(a.role)}</small></button>`,
    ).join('\n');
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in (embedded provider)</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/oidc-login/style.css"></head><body><main>
<h1>Choose an account</h1><p>Embedded sign-in for development and tests. In production this is Google.</p>
<form method="post" action="${escape(action)}">${buttons}
<button type="submit" name="account" value="" class="cancel">Cancel sign-in</button></form></main></body></html>`;
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>('/oidc-login/:uid/login', async (req, reply) => {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      const account = DEMO_ACCOUNTS.find((a) => a.sub === req.body?.['account']);
      reply.hijack();
      if (!account) {
        await provider.interactionFinished(req.raw, reply.raw, { error: 'access_denied', error_description: 'The sign-in was cancelled.' }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params['client_id']) });
      grant.addOIDCScope(String(details.params['scope'] ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(req.raw, reply.raw, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    });
  });
}
