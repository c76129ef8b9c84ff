import { MongoServerSelectionError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isDatabaseError } from '../../../src/domain/persistence/database-error.ts';
import { StartupCheckError } from '../../../src/adapters/startup-check-error.ts';
import { waitForPrimary, type HelloAnswer } from '../../../src/adapters/mongo/mongo-connection.ts';

/**
 * Finding 10: start-up waits and retries for a writable primary with a line per attempt, and
 * refuses a standalone server (a `hello` answer without setName) with one clear line. `probe`
 * stands for `db.admin().command({ hello: 1 })`; the answers are shaped like the server's.
 */
const URL_WITH_SECRET = 'mongodb://app:s3cret@db1:27017,db2:27017/shieldline?replicaSet=rs0';
const primary: HelloAnswer = { isWritablePrimary: true, setName: 'rs0', primary: 'db1:27017' };
const electing: HelloAnswer = { isWritablePrimary: false, setName: 'rs0' };
const standalone: HelloAnswer = { isWritablePrimary: true };

function scripted(answers: (HelloAnswer | Error)[]) {
  let t = 0;
  const lines: string[] = [];
  let calls = 0;
  const probe = async (): Promise<HelloAnswer> => {
    const a = answers[Math.min(calls++, answers.length - 1)]!;
    if (a instanceof Error) throw a;
    return a;
  };
  const options = { url: URL_WITH_SECRET, timeoutMs: 10_000, retryMs: 2_000, log: (l: string) => void lines.push(l), now: () => t, sleep: async (ms: number) => void (t += ms) };
  return { probe, options, lines, calls: () => calls };
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('MongoDB start-up', () => {
  it('waits through an election, a line per attempt, and goes on once a primary answers', async () => {
    const s = scripted([new MongoServerSelectionError('Server selection timed out after 2000 ms', { type: 'ReplicaSetNoPrimary' } as never), electing, primary]);
    await expect(waitForPrimary(s.probe, s.options)).resolves.toEqual(primary);
    expect(s.calls()).toBe(3);
    expect(s.lines).toHaveLength(2);
    expect(s.lines[0]).toMatch(/^Waiting for a MongoDB primary at 'mongodb:\/\/app:…@db1:27017,db2:27017\/shieldline\?replicaSet=rs0' \(attempt 1\): Server selection timed out/);
    expect(s.lines[1]).toContain('replica set rs0 has no writable primary yet');
    expect(s.lines.join('\n')).not.toContain('s3cret');
  });

  it('gives up after the deadline with unavailable, saying what it last saw and what to check', async () => {
    const s = scripted([electing]);
    const err = await failureOf(waitForPrimary(s.probe, s.options));
    expect(isDatabaseError(err, 'unavailable')).toBe(true);
    expect((err as Error).message).toMatch(/has no writable primary after 10 s \(replica set rs0 has no writable primary yet\); check that the members run, that rs\.status\(\) shows a PRIMARY/);
    expect(s.calls()).toBe(6);
  });

  it('refuses a standalone server at once with one line naming DATABASE_URL and what to do', async () => {
    const s = scripted([standalone]);
    const err = await failureOf(waitForPrimary(s.probe, s.options));
    expect(err).toBeInstanceOf(StartupCheckError);
    expect((err as StartupCheckError).setting).toBe('DATABASE_URL');
    expect((err as Error).message).toMatch(/is a standalone MongoDB server; the store needs a replica set .* --replSet rs0, run rs\.initiate\(\)/);
    expect(s.calls()).toBe(1);
  });

  it('accepts a sharded cluster (mongos answers isdbgrid)', async () => {
    const s = scripted([{ isWritablePrimary: true, msg: 'isdbgrid' }]);
    await expect(waitForPrimary(s.probe, s.options)).resolves.toMatchObject({ msg: 'isdbgrid' });
  });
});
