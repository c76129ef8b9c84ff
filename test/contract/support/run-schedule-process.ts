import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROCESS = fileURLToPath(new URL('./schedule-process.ts', import.meta.url));

/** Runs schedule-process.ts (a second server process on the same file) and returns its output. */
export function runProcess(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PROCESS, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`process exited ${code}:\n${out}${err}`))));
  });
}
