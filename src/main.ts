import { createServer, type AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { TOKENS, buildContainer } from './container.ts';
import { buildServer } from './http/server.ts';
import { StartupCheckError } from './adapters/startup-check-error.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Starts the product: config → container (opens the database, applies migrations) → server.
 * SIGTERM/SIGINT close the listener, let in-flight requests finish, then close the database.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }

  // The sign-in callback and the embedded provider's issuer need the real port before the
  // server is built, so "any free port" (PORT=0) is resolved first.
  if (config.port === 0) config = { ...config, port: await freePort(config.host) };
  // Start-up checks: the database file opens and passes quick_check (inside buildContainer), and
  // the storage takes a probe file, or the server stops here with one line (exit 78).
  const container = await buildContainer(config).catch(exitOnStartupCheck);
  await container.resolve(TOKENS.HealthDeps).storage().catch(async (err: unknown) => {
    await container.close().catch(() => undefined);
    exitOnStartupCheck(err);
  });
  const app = await buildServer(config, container);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown grace period elapsed; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('stopped cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`Port ${config.port} is already in use; set PORT to a free port (for example PORT=3100 npm start).\n`);
      await container.close();
      process.exit(98);
    }
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info({ url: `http://${shown}:${port}`, port }, 'ready');
  // Log lines go out in blocks (server.ts); whoever waits for this one sees it now.
  (app.log as FastifyBaseLogger & { flush?: () => void }).flush?.();
  // Scheduled work (contract billing, payment reminders): one runner at a time across instances
  // (a database lease); container.close() stops it before the database closes.
  container.resolve(TOKENS.Scheduler).start(app.log);
}

function exitOnStartupCheck(err: unknown): never {
  if (!(err instanceof StartupCheckError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(78);
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// A give-up on a setting (StartupCheckError, from anywhere in start-up) is one line and exit 78;
// anything else is not the operator's setting: its whole stack, exit 1.
main().catch((err: unknown) => {
  if (err instanceof StartupCheckError) exitOnStartupCheck(err);
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
