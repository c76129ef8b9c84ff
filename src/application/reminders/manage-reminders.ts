import { INVOICE_ENTITY } from '../../domain/invoices/invoice.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry, diffFields } from '../../domain/audit/audit-entry.ts';
import type { PauseScope, ReminderLogEntry, ReminderLogPage, ReminderLogQuery, ReminderPause } from '../../domain/reminders/reminder-log.ts';
import { validatePolicy, type ReminderPolicy } from '../../domain/reminders/reminder-policy.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ReminderDeps } from './reminder-deps.ts';
import { currentPolicy, runPaymentReminders, upcomingReminders, type ReminderRunResult, type UpcomingReminder } from './run-payment-reminders.ts';

/** A claim still 'sending' after this long belongs to a run that stopped: it may be retried. */
export const STUCK_AFTER_MS = 15 * 60_000;

export interface ReminderOverview {
  policy: ReminderPolicy;
  pauses: ReminderPause[];
  upcoming: UpcomingReminder[];
}

export async function reminderOverview(deps: ReminderDeps, auth: AuthState, days: number): Promise<ReminderOverview> {
  requireAccess(auth, 'viewInvoices');
  const [policy, pauses, upcoming] = await Promise.all([currentPolicy(deps), deps.settings.listPauses(), upcomingReminders(deps, days)]);
  return { policy, pauses, upcoming };
}

const flatPolicy = (p: ReminderPolicy) =>
  Object.fromEntries([
    ['enabled', p.enabled],
    ...p.steps.map((s) => [`step.${s.id}`, `${s.offsetDays}d${s.lateFee ? ` fee ${s.lateFee.kind === 'flat' ? `${s.lateFee.cents}c` : `${s.lateFee.basisPoints}bp`}` : ''}: ${s.template.subject}`]),
  ]) as Record<string, string | boolean>;

export async function saveReminderPolicy(deps: ReminderDeps, auth: AuthState, submitted: ReminderPolicy): Promise<ReminderPolicy> {
  const actor = requireAccess(auth, 'editInvoices');
  const policy = validatePolicy(submitted);
  const before = await currentPolicy(deps);
  const at = deps.clock.now().toISOString();
  await deps.settings.savePolicy(policy, actor, at);
  const b = flatPolicy(before);
  const a = flatPolicy(policy);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  await deps.audit.record(auditEntry(actor, at, 'reminder-policy', 'default', 'update', diffFields(fields, b, a)));
  return policy;
}

export async function pauseReminders(deps: ReminderDeps, auth: AuthState, scope: PauseScope, targetId: string): Promise<ReminderPause> {
  const actor = requireAccess(auth, 'editInvoices');
  const label = await deps.invoices.labelFor(scope, targetId);
  if (label === null) throw new DomainError('not-found', scope === 'client' ? 'No such client.' : 'No such invoice.');
  const pause: ReminderPause = { scope, targetId, label, pausedAt: deps.clock.now().toISOString(), pausedBy: actor.name };
  await deps.settings.pause(pause);
  await deps.audit.record(auditEntry(actor, pause.pausedAt, scope, targetId, 'reminders-paused', [{ field: 'remindersPaused', from: false, to: true }]));
  return pause;
}

export async function resumeReminders(deps: ReminderDeps, auth: AuthState, scope: PauseScope, targetId: string): Promise<void> {
  const actor = requireAccess(auth, 'editInvoices');
  if (!(await deps.settings.resume(scope, targetId))) throw new DomainError('not-found', 'Reminders are not paused for that.');
  await deps.audit.record(auditEntry(actor, deps.clock.now(), scope, targetId, 'reminders-resumed', [{ field: 'remindersPaused', from: true, to: false }]));
}

export async function listReminderLog(deps: ReminderDeps, auth: AuthState, query: ReminderLogQuery): Promise<ReminderLogPage & { stuckBefore: string }> {
  requireAccess(auth, 'viewInvoices');
  const page = await deps.log.list(query);
  return { ...page, stuckBefore: new Date(deps.clock.now().getTime() - STUCK_AFTER_MS).toISOString() };
}

export const isStuck = (e: Pick<ReminderLogEntry, 'status' | 'at'>, now: Date): boolean => e.status === 'sending' && Date.parse(e.at) <= now.getTime() - STUCK_AFTER_MS;

/** Sends the due reminders now (the scheduler does the same on its own). */
export async function runRemindersNow(deps: ReminderDeps, auth: AuthState): Promise<ReminderRunResult> {
  requireAccess(auth, 'editInvoices');
  return runPaymentReminders(deps);
}

/**
 * Lets a failed or stuck step be handled again, then runs: a stuck one may have gone out before
 * its run stopped, so retrying it is the admin's informed choice.
 */
export async function retryReminder(deps: ReminderDeps, auth: AuthState, id: string): Promise<ReminderRunResult> {
  const actor = requireAccess(auth, 'editInvoices');
  const entry = await deps.log.get(id);
  if (entry === null) throw new DomainError('not-found', 'No such reminder.');
  if (entry.status !== 'failed' && !isStuck(entry, deps.clock.now())) {
    throw new DomainError('conflict', entry.status === 'sending' ? 'That reminder is being sent right now.' : `A ${entry.status} reminder cannot be retried.`);
  }
  await deps.log.remove(id);
  await deps.audit.record(auditEntry(actor, deps.clock.now(), INVOICE_ENTITY, entry.invoiceId, 'reminder-retry', [{ field: 'reminder', from: entry.status, to: null }]));
  return runPaymentReminders(deps);
}
