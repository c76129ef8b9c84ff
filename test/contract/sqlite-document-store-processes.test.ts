import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { tempDir } from '../support/temp-dir.ts';

/**
 * The SQLite store under several processes sharing one file: counters stay exact under
 * concurrent writers, and an acknowledged write survives `kill -9` of the writer.
 */
const WRITER = fileURLToPath(new URL('./support/sqlite-writer-process.ts', import.meta.url));

function runWriter(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`writer exited ${code}:\n${out}`))));
  });
}

const dirs: { remove: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

async function counterAfter(mode: 'increment' | 'racy', writers: number, each: number): Promise<number> {
  const dir = tempDir('docstore-conc-');
  dirs.push(dir);
  const file = join(dir.path, 'app.db');
  await openSqliteDocumentStore(file).close(); // migrate once, before writers race to do it
  await Promise.all(Array.from({ length: writers }, () => runWriter([mode, file, String(each), '25'])));
  const store = openSqliteDocumentStore(file);
  const n = (await store.collection('counters').get('hits'))?.n as number;
  await store.close();
  return n;
}

describe('SQLite document store across processes', () => {
  const WRITERS = 4;
  const EACH = 500;
  const N = WRITERS * EACH;

  it(`${N} increments from ${WRITERS} writer processes add exactly ${N}`, async () => {
    expect(await counterAfter('increment', WRITERS, EACH)).toBe(N);
  }, 90_000);

  it('control: the same load as read-modify-write loses updates, so the check above can fail', async () => {
    const n = await counterAfter('racy', WRITERS, EACH);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(N);
  }, 90_000);

  it('every write acknowledged before kill -9 is there after reopening', async () => {
    const dir = tempDir('docstore-kill-');
    dirs.push(dir);
    const file = join(dir.path, 'app.db');
    const child = spawn(process.execPath, [WRITER, 'durable', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acked: string[] = [];
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((resolve) => {
      createInterface({ input: child.stdout }).on('line', (id) => {
        acked.push(id);
        if (acked.length === 300) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    const store = openSqliteDocumentStore(file);
    const orders = store.collection('orders');
    const missing: string[] = [];
    for (const id of acked) if (!(await orders.get(id))) missing.push(id);
    const total = await orders.count();
    await store.close();
    expect(missing).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(acked.length);
  }, 60_000);
});
