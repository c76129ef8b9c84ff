import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A live stream (Server-Sent Events): it holds a connection open, so it counts toward the caps below. */
    liveStream?: boolean;
  }
}

/**
 * Open live streams allowed at once: per browser session (one per open tab; the SPA opens one
 * per tab) and per signed-in person across their sessions. Each stream is a connection, a
 * subscription and a timer held for as long as the tab is open; without a cap one ordinary
 * user can hold a thousand. The stream over the cap gets a 429; the SPA then polls instead
 * (web/src/lib/live-stream.ts), so a person with many tabs still sees changes. Four stays below
 * a browser's six connections per host over HTTP/1.1: held streams never starve its fetches.
 */
export const LIVE_STREAM_LIMITS = { perSession: 4, perUser: 8 } as const;

const tooManyInSession = `Too many live updates are open in this browser (at most ${LIVE_STREAM_LIMITS.perSession}); close another tab or window of the back office, then reload this one.`;
const tooManyForUser = `Too many live updates are open for your account (at most ${LIVE_STREAM_LIMITS.perUser}); close a back-office tab or window elsewhere, then reload this one.`;

/**
 * Counts the open streams of every route that declares `config.liveStream`, after the access
 * check (a refused request holds nothing), and frees the slot when the connection closes.
 * In-process counts: each server instance caps the streams it holds.
 */
export function registerLiveStreamLimits(app: FastifyInstance): void {
  const bySession = new Map<string, number>();
  const byUser = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const n = (counts.get(key) ?? 0) + by;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  };

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.routeOptions.config.liveStream || req.auth.kind === 'signed-out') return;
    const session = req.session.sessionId;
    const user = req.auth.user.id;
    if ((bySession.get(session) ?? 0) >= LIVE_STREAM_LIMITS.perSession) return tooMany(req, reply, tooManyInSession);
    if ((byUser.get(user) ?? 0) >= LIVE_STREAM_LIMITS.perUser) return tooMany(req, reply, tooManyForUser);
    add(bySession, session, 1);
    add(byUser, user, 1);
    reply.raw.once('close', () => {
      add(bySession, session, -1);
      add(byUser, user, -1);
    });
  });
}

function tooMany(req: FastifyRequest, reply: FastifyReply, message: string) {
  req.log.warn({ security: 'live stream cap', userId: req.auth.kind === 'signed-out' ? null : req.auth.user.id }, 'security: live stream cap reached');
  return reply.status(429).header('Cache-Control', 'no-store').send({ error: { code: 'rate-limited', message } });
}
