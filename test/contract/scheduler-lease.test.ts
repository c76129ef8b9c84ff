import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { DocumentLease } from '../../src/adapters/documents/document-lease.ts';
import { createScheduler } from '../../src/application/schedule/scheduler.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { runProcess } from './support/run-schedule-process.ts';

/**
 * The scheduler lease on real SQLite: one holder at a time, across two stores (connections) and
 * across processes sharing the file, including when everyone tries at the same moment.
 */
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function sharedFile(): string {
  const dir = tempDir('lease-');
  cleanup.push(() => dir.remove());
  return join(dir.path, 'app.db');
}

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-11-22T10:00:00.000Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

function open(file: string, clock: { now(): Date }): DocumentStore {
  const store = openSqliteDocumentStore(file, { clock });
  cleanup.push(() => store.close());
  return store;
}

describe('DocumentLease on SQLite', () => {
  it('an expired lease can be taken over, and the old holder can no longer renew it', async () => {
    const file = sharedFile();
    const clock = manualClock();
    const a = new DocumentLease(open(file, clock), clock);
    const b = new DocumentLease(open(file, clock), clock);
    expect(await a.acquire('scheduler', 'A', 1000)).toBe(true);
    clock.advance(999);
    expect(await b.acquire('scheduler', 'B', 1000)).toBe(false);
    clock.advance(1);
    expect(await b.acquire('scheduler', 'B', 1000)).toBe(true);
    expect(await a.renew('scheduler', 'A', 1000)).toBe(false);
    // An expired lease nobody took is still its holder's to renew.
    clock.advance(5000);
    expect(await b.renew('scheduler', 'B', 1000)).toBe(true);
  });

  // One holder across two stores, and 40 concurrent attempts from two stores: the shared contract
  // suite (document-store.contract.ts), on every driver.

  it('four processes trying at the same moment: exactly one wins', async () => {
    const file = sharedFile();
    await openSqliteDocumentStore(file).close(); // migrate once, before the processes race to
    const startAt = String(Date.now() + 1500);
    const outs = await Promise.all(['P1', 'P2', 'P3', 'P4'].map((h) => runProcess(['lease', file, h, startAt])));
    expect(outs.filter((o) => o === 'true')).toHaveLength(1);
    expect(outs.filter((o) => o === 'false')).toHaveLength(3);
  }, 60_000);
});

describe('scheduler', () => {
  it('two runners ticking at once: one takes the lease and runs the jobs, the other skips the tick', async () => {
    const file = sharedFile();
    const clock = manualClock();
    const runs: string[] = [];
    const runner = (holder: string) =>
      createScheduler({
        lease: new DocumentLease(open(file, clock), clock),
        now: () => clock.now(),
        holder,
        jobs: [
          {
            name: 'job',
            run: async () => {
              runs.push(holder);
              await new Promise((r) => setTimeout(r, 30));
            },
          },
        ],
      });
    const [a, b] = [runner('A'), runner('B')];
    const reports = await Promise.all([a.tick(), b.tick()]);
    expect(reports.filter((r) => r.ran)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    // Released after the tick: the next tick of either runs.
    expect((await b.tick()).ran).toBe(true);
    expect(runs).toHaveLength(2);
  });

  it('once started, it ticks on its cron pattern and logs each job', async () => {
    const clock = manualClock();
    const logged: string[] = [];
    const s = createScheduler({
      lease: new DocumentLease(open(sharedFile(), clock), clock),
      now: () => clock.now(),
      holder: 'A',
      pattern: '* * * * * *', // every second
      jobs: [{ name: 'count', run: async () => 'ran' }],
    });
    cleanup.push(() => s.stop());
    s.start({ info: (obj) => logged.push(JSON.stringify(obj)), error: () => {} });
    await expect.poll(() => logged.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(logged[0]).toBe(JSON.stringify({ job: 'count', result: 'ran' }));
  });

  it('a failing job is reported and the next job still runs', async () => {
    const clock = manualClock();
    const s = createScheduler({
      lease: new DocumentLease(open(sharedFile(), clock), clock),
      now: () => clock.now(),
      holder: 'A',
      jobs: [
        { name: 'broken', run: () => Promise.reject(new Error('boom')) },
        { name: 'fine', run: async () => 42 },
      ],
    });
    expect((await s.tick()).jobs).toEqual([
      { name: 'broken', ok: false, error: 'boom' },
      { name: 'fine', ok: true, result: 42 },
    ]);
  });

  it('stop lets the job in progress finish, runs no further job and no further tick', async () => {
    const clock = manualClock();
    const lease = new DocumentLease(open(sharedFile(), clock), clock);
    const done: string[] = [];
    let started!: () => void;
    const slowStarted = new Promise<void>((r) => (started = r));
    const s = createScheduler({
      lease,
      now: () => clock.now(),
      holder: 'A',
      jobs: [
        {
          name: 'slow',
          run: async () => {
            started();
            await new Promise((r) => setTimeout(r, 50));
            done.push('slow');
          },
        },
        { name: 'next', run: async () => void done.push('next') },
      ],
    });
    s.start();
    expect(s.running).toBe(true);
    const tick = s.tick();
    await slowStarted;
    await s.stop();
    expect(done).toEqual(['slow']);
    expect((await tick).jobs.map((j) => j.name)).toEqual(['slow']);
    expect(s.running).toBe(false);
    expect(await lease.current('scheduler')).toBeNull(); // released on the way out
    expect((await s.tick()).ran).toBe(false);
  });
});
