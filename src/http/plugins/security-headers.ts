import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Helmet with a CSP that allows no inline script. Helmet's defaults are loosened to 'self' for
 * base-uri and frame-ancestors; both are set to 'none' (STACK-NOTES.md). HSTS only in production,
 * where the site is served over HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { production: boolean }): Promise<void> {
  await app.register(helmet, {
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
  });
}
