/**
 * Start-up checks of the real server process (issue 15, findings 11 and 12): a storage or
 * database setting that cannot work stops the server at start with one line naming the setting
 * and the path (exit 78, like the configuration check), instead of a server that says "ready"
 * and then fails its first upload, or a raw stack trace.
 */
import { describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { closeSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { FsFileStorage } from '../../src/adapters/fs-storage/fs-file-storage.ts';
import { PROBE_TIMEOUT_MS, openStorageProbe } from '../../src/adapters/open-file-storage.ts';
import { s3PeerForSuite } from '../support/s3-peer.ts';
import { MongoServerError } from 'mongodb';
import { DatabaseError } from '../../src/domain/persistence/database-error.ts';
import { StartupCheckError } from '../../src/adapters/startup-check-error.ts';
import { mongoStartupFailure, waitForPrimary } from '../../src/adapters/mongo/mongo-connection.ts';
import { tempDir } from '../support/temp-dir.ts';

interface Outcome {
  /** The exit code, or 'ready' when the server started (it is then stopped). */
  result: number | 'ready' | null;
  stderr: string;
  stdout: string;
}

/** Runs `node src/main.ts` with `env` until it exits or logs "ready". */
export function runServer(env: Record<string, string>, timeoutMs = 50_000): Promise<Outcome> {
  const proc = spawn(process.execPath, ['src/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DEMO_DATA: 'false', ...env },
  });
  let stdout = '';
  let stderr = '';
  let ready = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the server neither started nor exited in ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!ready && stdout.includes('"msg":"ready"')) {
        ready = true;
        proc.kill('SIGKILL');
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ result: ready ? 'ready' : code, stderr, stdout });
    });
  });
}

/**
 * Starts the server on a fresh data folder (prepared by `setup`, which returns the extra env) and
 * expects it to refuse: exit 78 and exactly one line on stderr, no stack trace. Returns the line.
 */
async function refusal(setup: (dir: string) => Record<string, string>): Promise<string> {
  const dir = tempDir();
  try {
    const o = await runServer({ DATA_DIR: dir.path, ...setup(dir.path) });
    expect(o.result, o.stdout).toBe(78);
    const lines = o.stderr.trim().split('\n');
    expect(lines, o.stderr + o.stdout).toHaveLength(1);
    expect(o.stderr).not.toMatch(/^\s+at /m);
    return lines[0]!;
  } finally {
    dir.remove();
  }
}

/** A path below a plain file: it can never be created, whoever runs the server (root too). */
function belowAFile(dir: string, ...rest: string[]): string {
  writeFileSync(join(dir, 'plain-file'), 'x');
  return join(dir, 'plain-file', ...rest);
}

const s3 = s3PeerForSuite();
// A server process per test; on a busy machine one takes 10-20 s to start.
vi.setConfig({ testTimeout: 60_000 });

describe('start-up: STORAGE_URL (finding 11)', () => {
  it('refuses to start when the storage folder cannot be written, naming STORAGE_URL and the folder (exit 78)', async () => {
    let folder = '';
    const line = await refusal((dir) => ({ STORAGE_URL: `file:${(folder = belowAFile(dir, 'files'))}` }));
    expect(line).toMatch(/^STORAGE_URL '/);
    expect(line).toContain(`folder ${folder}`);
  });

  it('refuses to start when the S3 bucket does not exist, naming STORAGE_URL and the bucket, never the secret key (exit 78)', async () => {
    const line = await refusal(() => ({ STORAGE_URL: s3.peer.url.replace(`s3://${s3.peer.bucket}`, 's3://no-such-bucket') }));
    expect(line).toMatch(/^STORAGE_URL '/);
    expect(line).toContain("bucket 'no-such-bucket'");
    expect(line).not.toContain('secretAccessKey=S3RVER');
  });

  it('refuses to start within seconds when the S3 endpoint does not answer at all (exit 78)', async () => {
    const url = 's3://test-files?endpoint=http%3A%2F%2F127.0.0.1%3A9&region=us-east-1&accessKeyId=a&secretAccessKey=b';
    const line = await refusal(() => ({ STORAGE_URL: url }));
    expect(line).toMatch(/^STORAGE_URL .*127\.0\.0\.1:9.*ECONNREFUSED/);
    // The probe gives up on its own short deadline, not the storage's 120 s / 600 s.
    const probe = openStorageProbe(url);
    const started = Date.now();
    await expect(probe.check()).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS + 1_000);
    await probe.close();
  });

  it('starts with a working storage folder and leaves no probe object behind', async () => {
    const dir = tempDir();
    try {
      const o = await runServer({ DATA_DIR: dir.path });
      expect(o.result, o.stderr).toBe('ready');
      const left: string[] = [];
      for await (const f of new FsFileStorage({ root: join(dir.path, 'files') }).list()) left.push(f.fullPath);
      expect(left).toEqual([]);
    } finally {
      dir.remove();
    }
  });
});

/** Overwrites `count` pages of the database file from `fromEnd` pages before its end. */
function damagePages(file: string, fromEnd: number, count: number): void {
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  try {
    const junk = Buffer.alloc(4096 * count, 0xa5);
    writeSync(fd, junk, 0, junk.length, size - 4096 * fromEnd);
  } finally {
    closeSync(fd);
  }
}

describe('start-up: the SQLite file (finding 12)', () => {
  it('a file that is not a database: one line naming DATABASE_URL, the path and npm run restore (exit 78)', async () => {
    let file = '';
    const line = await refusal((dir) => {
      file = join(dir, 'app.db');
      writeFileSync(file, 'this is not a database, it is a text file '.repeat(200));
      return {};
    });
    expect(line).toMatch(/^DATABASE_URL '/);
    expect(line).toContain(file);
    expect(line).toContain('npm run restore');
  });

  it('damaged data pages are found by the start-up check (quick_check), not by the first reader (exit 78)', async () => {
    const dir = tempDir();
    const file = join(dir.path, 'app.db');
    const store = openSqliteDocumentStore(file);
    const notes = store.collection<{ text: string }>('notes');
    for (let i = 0; i < 400; i += 1) await notes.create({ text: `note ${i} `.repeat(40) });
    await store.close();
    damagePages(file, 6, 3);
    try {
      const o = await runServer({ DATA_DIR: dir.path });
      expect(o.result, o.stdout).toBe(78);
      expect(o.stderr.trim().split('\n')).toHaveLength(1);
      expect(o.stderr).toMatch(new RegExp(`^DATABASE_URL '.*': the database file ${file} is damaged \\(PRAGMA quick_check: .*\\); .*npm run restore`));
    } finally {
      dir.remove();
    }
  });

  it('a DATABASE_URL whose folder cannot be created: one line naming DATABASE_URL and the path (exit 78)', async () => {
    let file = '';
    const line = await refusal((dir) => ({ DATABASE_URL: `sqlite:${(file = belowAFile(dir, 'app.db'))}` }));
    expect(line).toMatch(/^DATABASE_URL '/);
    expect(line).toContain(`cannot open the database file ${file}`);
  });
});

/**
 * Start-up giving up on MongoDB (issue 18): no primary, a standalone server, a bad URL, refused
 * credentials each end in one sentence naming DATABASE_URL with its hosts and the password
 * redacted, and what to fix; anything else keeps its stack. No MongoDB runs here: the failures
 * are the driver's and the store's own error shapes, the process run uses an unreadable URL.
 */
describe('start-up: giving up on MongoDB', () => {
  const URL = 'mongodb://app:s3cret@db1.internal:27017,db2.internal:27017/shieldline?replicaSet=rs0';

  it('a URL the driver cannot read: the process exits 78 with one line naming DATABASE_URL, never the password', async () => {
    const line = await refusal(() => ({ DATABASE_URL: 'mongodb://app:s3cret@db1:27017,db2:notaport/shieldline' }));
    expect(line).toMatch(/^DATABASE_URL 'mongodb:\/\/app:…@db1:27017,db2:notaport\/shieldline' \(hosts db1:27017, db2:notaport\): the MongoDB driver cannot use this connection string \(Unable to parse db2:notaport.*\); expected mongodb:\/\/host1:27017,host2:27017\/shieldline\?replicaSet=rs0\.$/);
    expect(line).not.toContain('s3cret');
  });

  it('no writable primary within the wait: one sentence with the hosts, the password redacted and what to check', async () => {
    const gaveUp = await waitForPrimary(async () => ({ isWritablePrimary: false, setName: 'rs0' }), { url: URL, timeoutMs: 10, retryMs: 5, log: () => {} }).catch((e: unknown) => e);
    const err = mongoStartupFailure(URL, gaveUp);
    expect(err).toBeInstanceOf(StartupCheckError);
    const message = (err as Error).message;
    expect(message).toMatch(/^DATABASE_URL 'mongodb:\/\/app:…@db1\.internal:27017,db2\.internal:27017\/shieldline\?replicaSet=rs0' \(hosts db1\.internal:27017, db2\.internal:27017\): MongoDB has no writable primary after 0 s .*check that the members run/);
    expect(message).not.toContain('s3cret');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('unreachable hosts: one sentence saying what to check', () => {
    const err = mongoStartupFailure(URL, new DatabaseError('unavailable', 'MongoDB is unreachable: connect ECONNREFUSED 10.0.0.5:27017'));
    expect((err as Error).message).toMatch(/\(hosts db1\.internal:27017, db2\.internal:27017\): MongoDB is unreachable: connect ECONNREFUSED 10\.0\.0\.5:27017; check that the members run/);
  });

  it('refused credentials end the wait at once, naming what to fix in DATABASE_URL', async () => {
    const refused = new MongoServerError({ message: 'Authentication failed.', code: 18, codeName: 'AuthenticationFailed' });
    let probes = 0;
    const err = await waitForPrimary(async () => {
      probes += 1;
      throw refused;
    }, { url: URL, timeoutMs: 60_000, retryMs: 5, log: () => {} }).catch((e: unknown) => e);
    expect(probes).toBe(1);
    expect(err).toBeInstanceOf(StartupCheckError);
    expect((err as Error).message).toMatch(/\(hosts db1\.internal:27017, db2\.internal:27017\): MongoDB refused the user name or password \(Authentication failed\.\); check the user, the password \(percent-encoded\) and authSource in DATABASE_URL\.$/);
    expect((err as Error).message).not.toContain('s3cret');
    expect(mongoStartupFailure(URL, refused)).toBeInstanceOf(StartupCheckError);
  });

  it('anything else is not a setting problem: left as it is, so main prints its stack', () => {
    const bug = new TypeError('Cannot read properties of undefined');
    expect(mongoStartupFailure(URL, bug)).toBe(bug);
  });
});
