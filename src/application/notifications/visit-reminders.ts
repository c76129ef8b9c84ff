import { addDays, dateKey } from '../../domain/shared/calendar-date.ts';
import type { NotificationDeps } from './notification-deps.ts';

/**
 * The scheduler's job (every tick, under its lease): each scheduled visit that starts tomorrow in
 * the company's time zone gets its reminder. The key includes the visit's start, so reruns of
 * the job, a restart or a second instance send nothing more, and a visit moved to another day is
 * reminded again for the new day.
 */
export async function runVisitReminders(deps: Pick<NotificationDeps, 'jobs' | 'timeZone' | 'notify'>, now: Date): Promise<{ reminded: number }> {
  const tomorrow = addDays(dateKey(now, deps.timeZone), 1);
  const from = now.toISOString();
  const to = new Date(now.getTime() + 50 * 3600_000).toISOString();
  const jobs = await deps.jobs.scheduledBetween(from, to, { employeeId: null, limit: 500 });
  let reminded = 0;
  for (const job of jobs) {
    if (job.status !== 'scheduled' || !job.scheduledStart || dateKey(new Date(job.scheduledStart), deps.timeZone) !== tomorrow) continue;
    await deps.notify({ kind: 'visit-reminder', job });
    reminded++;
  }
  return { reminded };
}
