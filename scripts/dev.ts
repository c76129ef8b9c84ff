/**
 * `npm run dev`: the API server restarts on change (node --watch) and Vite serves the SPA with
 * hot reload, proxying /api to the server. Open the URL Vite prints (default :5173).
 */
import { spawn } from 'node:child_process';
import { loadDotEnv } from './dot-env.ts';

loadDotEnv();

const apiPort = process.env.API_PORT ?? '3001';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [
  spawn(process.execPath, ['--watch-path=src', 'src/main.ts'], {
    stdio: 'inherit',
    // Browsers use Vite's address, so sign-in callbacks and the Origin check must too.
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', NODE_ENV: 'development', PUBLIC_URL: `http://localhost:${vitePort}` },
  }),
  spawn('npx', ['vite', '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort, VITE_PORT: vitePort } }),
];

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) {
  c.on('exit', (code) => {
    if (code && code !== 0) {
      stop();
      process.exit(code);
    }
  });
}
