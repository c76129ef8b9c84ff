import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readCollection } from '../support/stored-documents.ts';
import { startServer } from '../support/server-process.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aContactRequest } from '../support/factories.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';

describe('the server process', () => {
  it('exits with one clear line when its port is busy', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const dir = tempDir();
    try {
      const proc = spawn(process.execPath, ['src/main.ts'], {
        env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir.path, LOG_LEVEL: 'silent' },
      });
      let stderr = '';
      proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((r) => proc.on('exit', r));
      expect(code).toBe(98);
      expect(stderr.trim()).toBe(`Port ${port} is already in use; set PORT to a free port (for example PORT=3100 npm start).`);
    } finally {
      blocker.close();
      dir.remove();
    }
  });

  it('exits with the list of bad settings when the configuration is invalid', async () => {
    const proc = spawn(process.execPath, ['src/main.ts'], { env: { ...process.env, PORT: 'abc', COMPANY_EMAIL: 'x' } });
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((r) => proc.on('exit', r));
    expect(code).toBe(78);
    expect(stderr).toMatch(/^Invalid configuration:\n {2}- PORT: .*\n {2}- COMPANY_EMAIL: /);
  });

  it('on SIGTERM finishes in-flight requests, loses no acknowledged write and closes the database cleanly', async () => {
    const server = await startServer();
    try {
      const total = 60;
      const acknowledged: string[] = [];
      let refused = 0;
      let sigtermSent = false;
      const client = new TestClient(server.url);
      await client.csrfToken();
      const requests = Array.from({ length: total }, async () => {
        try {
          const res = await client.send('POST', '/api/contact', aContactRequest());
          expect(res.status).toBe(201);
          acknowledged.push(((await res.json()) as { id: string }).id);
          if (!sigtermSent) {
            sigtermSent = true;
            server.proc.kill('SIGTERM');
          }
        } catch {
          refused += 1; // sent after the listener closed: never acknowledged
        }
      });
      await Promise.all(requests);
      const code = await server.stop();
      expect(code, server.output().slice(-4000)).toBe(0);
      expect(sigtermSent).toBe(true);
      expect(acknowledged.length + refused).toBe(total);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(server.output()).toContain('stopped cleanly');
      // A clean close folds the WAL back: no -wal file is left beside the database.
      const file = join(server.dataDir, 'app.db');
      expect(existsSync(`${file}-wal`)).toBe(false);
      const ids = new Set(readCollection(server.dataDir, 'contact_messages').map((r) => r.id));
      for (const id of acknowledged) expect(ids.has(id)).toBe(true);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('on SIGTERM lets a request whose body is still arriving finish, and stores it', async () => {
    const server = await startServer();
    try {
      const client = new TestClient(server.url);
      const token = await client.csrfToken();
      const body = JSON.stringify(aContactRequest({ subject: 'Sent while the server stops' }));
      const half = Math.floor(body.length / 2);
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: server.url, 'x-csrf-token': token, cookie: client.cookieHeader() },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        // Half the body, then SIGTERM, then (while the server is shutting down) the rest.
        req.write(body.slice(0, half), () => {
          setTimeout(() => {
            server.proc.kill('SIGTERM');
            setTimeout(() => req.end(body.slice(half)), 300);
          }, 100);
        });
      });
      const res = await answer;
      expect(res.status, res.text).toBe(201);
      const id = (JSON.parse(res.text) as { id: string }).id;
      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain('stopped cleanly');
      expect(readCollection<{ id: string; subject: string }>(server.dataDir, 'contact_messages').find((m) => m.id === id)?.subject).toBe('Sent while the server stops');
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('keeps every write it acknowledged when the server is killed with kill -9 mid-load', async () => {
    const server = await startServer();
    try {
      const admin = new TestClient(server.url);
      await admin.signIn(DEMO.admin);
      const acknowledged: string[] = [];
      let killed = false;
      const TOTAL = 600;
      const KILL_AFTER = 200;
      await Promise.all(
        Array.from({ length: TOTAL }, async (_, i) => {
          try {
            const res = await admin.send('POST', '/api/inventory/items', {
              sku: `KILL-${i}`,
              name: `Item written before kill -9 ${i}`,
              category: 'sensor',
              unitCostCents: 100,
              unitPriceCents: 200,
              reorderPoint: 0,
              reorderQuantity: 0,
              serialized: false,
            });
            if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
            acknowledged.push(((await res.json()) as { id: string }).id);
            if (acknowledged.length === KILL_AFTER && !killed) {
              killed = true;
              server.proc.kill('SIGKILL');
            }
          } catch {
            // in flight when the process died: never acknowledged
          }
        }),
      );
      await server.stop();
      expect(killed).toBe(true);
      expect(server.proc.signalCode).toBe('SIGKILL');
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(acknowledged.length).toBeLessThan(TOTAL); // the kill really cut the load short
      const stored = new Set(readCollection(server.dataDir, 'inventory_items').map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await server.stop();
      server.cleanup();
    }
  }, 60_000);

  it('`npm start` (scripts/start.ts) serves the home page and /contact from the build', async () => {
    const server = await startServer({ entry: 'scripts/start.ts', readyTimeoutMs: 240_000 });
    try {
      for (const path of ['/', '/contact']) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain('<div id="root"');
      }
    } finally {
      await server.stop();
      server.cleanup();
    }
  }, 300_000);
});
