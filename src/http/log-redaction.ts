import type { FastifyRequest } from 'fastify';

/**
 * Route parameters that are bearer secrets: whoever has the link has the proposal or invoice
 * (`/api/public/…/:token`) or an employee's calendar feed (`/api/calendar/:file`). The embedded
 * provider's interaction id (`/oidc-login/:uid`, development and tests) is its cookie's value.
 */
export const SECRET_ROUTE_PARAMS: ReadonlySet<string> = new Set(['token', 'file', 'uid']);

export const REDACTED = '[redacted]';

/**
 * The same places by path, for requests no route matched (a 404 still logs its URL), for the
 * embedded provider's own routes (one wildcard route, `/oidc/*`), and for the SPA's pages of the
 * public links, `/p/<token>` (proposal) and `/i/<token>` (invoice), which the SPA's wildcard
 * route answers. Doubled slashes and dot segments do not hide the token.
 */
const SECRET_PATH = /^(\/+(?:api\/+(?:public\/+(?:proposals|invoices)|calendar)|oidc\/+auth|oidc-login|p|i)\/+(?:\.{1,2}\/+)*)[^/]+/i;

/**
 * The request's path as it may be logged: no query string (sign-in callbacks carry the
 * authorization code and state there) and secret path segments replaced by `[redacted]`.
 * A matched route with a secret parameter is logged as its pattern with the other parameters
 * filled in, so encoded spellings (`/%61pi/public/…`) cannot slip past.
 */
export function logSafePath(req: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string }; params?: unknown }): string {
  const pattern = req.routeOptions?.url;
  if (pattern && [...pattern.matchAll(/:(\w+)/g)].some((m) => SECRET_ROUTE_PARAMS.has(m[1]!))) {
    const params = (req.params ?? {}) as Record<string, unknown>;
    return pattern.replace(/:(\w+)/g, (whole, name: string) => (SECRET_ROUTE_PARAMS.has(name) ? REDACTED : encodeURIComponent(String(params[name] ?? whole))));
  }
  const path = req.url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Leave a malformed escape as it is; the pattern below still applies to the raw path.
  }
  return SECRET_PATH.test(decoded) ? decoded.replace(SECRET_PATH, `$1${REDACTED}`) : path;
}

/**
 * Fastify's request log serializer with the path made safe (the rest as Fastify's default:
 * method, version, host, client address and port).
 */
export function requestLogValue(req: FastifyRequest) {
  return {
    method: req.method,
    url: logSafePath(req),
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
