import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readCollection } from '../support/stored-documents.ts';
import { startServer } from '../support/server-process.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aContactRequest } from '../support/factories.ts';
import { TestClient } from '../support/http-client.ts';

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
});
