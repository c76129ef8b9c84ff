import { Cron } from 'croner';
import type { Lease } from '../../domain/schedule/lease.ts';

/**
 * The in-process runner for scheduled work (contract invoices now, payment reminders later).
 * Every tick (a cron pattern, croner) it tries to take one database lease; the process that gets
 * it runs every registered job in turn, renewing the lease between jobs, then releases it. Other
 * processes sharing the database skip that tick. Jobs must still be idempotent (runOnce): the
 * lease keeps runners from working side by side, the keys keep work from repeating.
 *
 * main.ts starts it after the server listens and stops it on SIGTERM/SIGINT; `stop` waits for a
 * tick in progress to finish its current job.
 */
export interface ScheduledJob {
  name: string;
  run(now: Date, signal: AbortSignal): Promise<unknown>;
}

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  lease: Lease;
  now: () => Date;
  /** Unique per process (host, pid, random). */
  holder: string;
  jobs: readonly ScheduledJob[];
  /** Cron pattern for ticks; default every five minutes. */
  pattern?: string;
  leaseName?: string;
  /** How long the lease lasts without renewal; longer than any one job. Default 10 minutes. */
  leaseTtlMs?: number;
  log?: SchedulerLog;
}

export interface TickReport {
  ran: boolean;
  jobs: { name: string; ok: boolean; result?: unknown; error?: string }[];
}

export interface Scheduler {
  /** Starts ticking on the pattern; `log` (e.g. the server's pino logger) replaces the configured one. */
  start(log?: SchedulerLog): void;
  /** Runs one tick now (tests, and the admin's "run now" through the same lease). */
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
  readonly running: boolean;
}

const SILENT: SchedulerLog = { info: () => {}, error: () => {} };

export function createScheduler(o: SchedulerOptions): Scheduler {
  const leaseName = o.leaseName ?? 'scheduler';
  const ttl = o.leaseTtlMs ?? 600_000;
  let log = o.log ?? SILENT;
  let cron: Cron | null = null;
  let current: Promise<TickReport> | null = null;
  const abort = new AbortController();

  async function runTick(): Promise<TickReport> {
    const report: TickReport = { ran: false, jobs: [] };
    if (abort.signal.aborted || !(await o.lease.acquire(leaseName, o.holder, ttl))) return report;
    report.ran = true;
    try {
      for (const job of o.jobs) {
        if (abort.signal.aborted) break;
        // Lost the lease (paused past its expiry): another runner has taken over.
        if (!(await o.lease.renew(leaseName, o.holder, ttl))) break;
        try {
          const result = await job.run(o.now(), abort.signal);
          report.jobs.push({ name: job.name, ok: true, result });
          log.info({ job: job.name, result }, 'scheduled job done');
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          report.jobs.push({ name: job.name, ok: false, error });
          log.error({ job: job.name, err }, 'scheduled job failed');
        }
      }
    } finally {
      await o.lease.release(leaseName, o.holder).catch((err: unknown) => log.error({ err }, 'could not release the scheduler lease'));
    }
    return report;
  }

  function tick(): Promise<TickReport> {
    // One tick at a time in this process; a tick asked for meanwhile joins the one running.
    current ??= runTick()
      .catch((err: unknown): TickReport => {
        log.error({ err }, 'scheduler tick failed');
        return { ran: false, jobs: [] };
      })
      .finally(() => {
        current = null;
      });
    return current;
  }

  return {
    start(logger) {
      if (cron || abort.signal.aborted) return;
      if (logger) log = logger;
      cron = new Cron(o.pattern ?? '*/5 * * * *', { protect: true, unref: true }, async () => {
        await tick();
      });
    },
    tick,
    async stop() {
      cron?.stop();
      cron = null;
      abort.abort();
      await current;
    },
    get running() {
      return cron !== null;
    },
  };
}
