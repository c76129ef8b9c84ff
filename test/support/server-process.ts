import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { tempDir } from './temp-dir.ts';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for exit; returns the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** Removes the data folder (after stop). */
  cleanup: () => void;
}

/**
 * Starts the real server (`node src/main.ts`, the built SPA; `entry` may name `scripts/start.ts`,
 * what `npm start` runs) as a child process on a free port (PORT=0) with its own temp data folder,
 * and waits for its "ready" log line.
 */
export async function startServer(opts: { dataDir?: string; env?: Record<string, string>; entry?: string; readyTimeoutMs?: number } = {}): Promise<RunningServer> {
  const dir = opts.dataDir ? { path: opts.dataDir, remove: () => {} } : tempDir();
  const proc = spawn(process.execPath, [opts.entry ?? 'src/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir.path, LOG_LEVEL: 'info', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const ms = opts.readyTimeoutMs ?? 60_000;
    const timer = setTimeout(() => reject(new Error(`server did not start in ${ms / 1000} s:\n${out}`)), ms);
    const rl = createInterface({ input: proc.stdout! });
    rl.on('line', (line) => {
      out += `${line}\n`;
      try {
        const rec = JSON.parse(line) as { msg?: string; port?: number };
        if (rec.msg === 'ready' && rec.port) {
          clearTimeout(timer);
          resolve(rec.port);
        }
      } catch {
        // not a log line
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${out}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: dir.path,
    proc,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
    cleanup: () => dir.remove(),
  };
}
