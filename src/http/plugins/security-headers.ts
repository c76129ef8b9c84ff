import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet with a CSP that allows no inline script. Helmet's defaults are loosened to 'self' for
 * base-uri and frame-ancestors; both are set to 'none' (STACK-NOTES.md). HSTS only in production,
 * where the site is served over HTTPS. The headers do not depend on the request, so helmet runs
 * once at start-up and every response gets the result (@fastify/helmet built helmet's middleware
 * again for every request).
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { production: boolean }): Promise<void> {
  const headers = Object.entries(securityHeaders(helmetOptions(opts)));
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet sets with these options, read off a stand-in response. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (set[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete set[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return set;
}

function helmetOptions(opts: { production: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(opts.production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // The sign-in popup goes to Google; 'same-origin' would cut its link to this window, and the
    // SPA would take the popup for closed and fall back to the redirect.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}
