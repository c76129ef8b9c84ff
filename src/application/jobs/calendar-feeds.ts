import { auditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { FEED_TOKEN_PATTERN, feedPath, jobEvent, type CalendarEvent } from '../../domain/jobs/calendar-feed.ts';
import { ADMIN, mayAccess, requireAccess, STAFF } from '../shared/require-access.ts';
import type { JobDeps } from './job-deps.ts';
import { recordHref } from '../../contracts/record-href.ts';

export interface FeedStatus {
  employeeId: string;
  active: boolean;
  createdAt: string | null;
}

/**
 * Whose feed the caller may manage: their own (any active employee), or anyone's (admins).
 * `employeeId` null means "mine".
 */
function feedOwner(auth: AuthState, employeeId: string | null): { employeeId: string; actor: { id: string; name: string } } {
  const actor = requireAccess(auth, STAFF);
  if (employeeId === null) {
    if (auth.kind !== 'employee') throw new DomainError('not-found', 'Calendar feeds belong to employee records; you have none.');
    return { employeeId: auth.employee.id, actor };
  }
  if (mayAccess(auth, ADMIN) || (auth.kind === 'employee' && auth.employee.id === employeeId)) return { employeeId, actor };
  // Not the kernel's "lacks a permission": any staff member has a feed, just not someone else's.
  throw new DomainError('forbidden', 'You can manage only your own calendar feed.');
}

export async function feedStatus(deps: JobDeps, auth: AuthState, employeeId: string | null): Promise<FeedStatus> {
  const owner = feedOwner(auth, employeeId);
  const feed = await deps.feeds.get(owner.employeeId);
  return { employeeId: owner.employeeId, active: feed !== null, createdAt: feed?.createdAt ?? null };
}

/** Makes a new secret URL (the old one stops working). The token is returned once, here. */
export async function regenerateFeed(deps: JobDeps, auth: AuthState, employeeId: string | null): Promise<FeedStatus & { path: string }> {
  const owner = feedOwner(auth, employeeId);
  const employee = await deps.employees.get(owner.employeeId);
  if (!employee) throw new DomainError('not-found', 'No such employee.');
  const token = deps.tokens.newToken();
  const createdAt = deps.clock.now().toISOString();
  const before = await deps.feeds.get(owner.employeeId);
  await deps.feeds.save({ employeeId: owner.employeeId, tokenHash: deps.tokens.hash(token), createdAt, createdBy: owner.actor.name });
  await deps.audit.record(auditEntry(owner.actor, createdAt, 'calendar-feed', owner.employeeId, before ? 'regenerate' : 'create', [{ field: 'feed', from: before ? 'active' : null, to: 'active' }]));
  return { employeeId: owner.employeeId, active: true, createdAt, path: feedPath(token) };
}

export async function revokeFeed(deps: JobDeps, auth: AuthState, employeeId: string | null): Promise<FeedStatus> {
  const owner = feedOwner(auth, employeeId);
  const before = await deps.feeds.get(owner.employeeId);
  if (before) {
    await deps.feeds.remove(owner.employeeId);
    await deps.audit.record(auditEntry(owner.actor, deps.clock.now(), 'calendar-feed', owner.employeeId, 'revoke', [{ field: 'feed', from: 'active', to: null }]));
  }
  return { employeeId: owner.employeeId, active: false, createdAt: null };
}

/**
 * The feed itself, reached without a session: the token is the credential. Unknown, malformed or
 * revoked tokens, and feeds of employees no longer active, all answer null (the route says 404).
 */
export async function renderFeed(deps: JobDeps, token: string, siteUrl: string | null): Promise<string | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const feed = await deps.feeds.findByTokenHash(deps.tokens.hash(token));
  if (!feed) return null;
  const employee = await deps.employees.get(feed.employeeId);
  if (!employee || employee.employmentStatus !== 'active') return null;
  const now = deps.clock.now().getTime();
  const jobs = await deps.jobs.scheduledBetween(new Date(now - 60 * 86_400_000).toISOString(), new Date(now + 366 * 86_400_000).toISOString(), {
    employeeId: feed.employeeId,
    limit: 2000,
  });
  const events = jobs
    .map((j) => jobEvent(j, { uidDomain: deps.uidDomain, jobUrl: siteUrl ? `${siteUrl}${recordHref('job', j.id)}` : null }))
    .filter((e): e is CalendarEvent => e !== null);
  return deps.calendar.write({ name: `Jobs — ${employee.name}`, timeZone: deps.timeZone, events });
}
