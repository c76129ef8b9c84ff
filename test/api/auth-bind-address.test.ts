import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { PRODUCTION_ENV } from '../support/app.ts';
import { startServer } from '../support/server-process.ts';

/** Whether a TCP connection to host:port is accepted. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** This machine's own non-loopback IPv4 address (what someone on the network would reach). */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const DEV = { NODE_ENV: 'development', DATA_DIR: '/tmp/unused' };

describe('where the server listens, and the embedded demo sign-in (issue 15, finding 4)', () => {
  it('`npm start` in development without HOST listens on loopback only: the port is not reachable from the network', async () => {
    // HOST '' is "not set" (as in a .env file), so the default applies.
    const server = await startServer({ env: { NODE_ENV: 'development', HOST: '', DEMO_DATA: 'false' } });
    try {
      expect(await reachable('127.0.0.1', server.port)).toBe(true);
      // The site's address stays http://localhost:<port> (sign-in, Origin check), as README says.
      expect(server.output()).toContain(`"url":"http://localhost:${server.port}"`);
      if (networkAddress) expect(await reachable(networkAddress, server.port)).toBe(false);
    } finally {
      await server.stop();
      server.cleanup();
    }
  });

  it('the embedded sign-in refuses a network bind: HOST=0.0.0.0 in development is a configuration error naming the way out', () => {
    // main.ts prints a ConfigError's message and exits 78 (test/api/process.test.ts).
    const refusal = (() => {
      try {
        loadConfig({ ...DEV, HOST: '0.0.0.0' });
        return null;
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- HOST: 0\.0\.0\.0 is not a loopback address/);
    expect((refusal as ConfigError).message).toContain('set ALLOW_DEMO_SIGN_IN_ON_NETWORK=true');
    expect(() => loadConfig({ ...DEV, HOST: '192.0.2.10' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...DEV, HOST: '0.0.0.0', ALLOW_DEMO_SIGN_IN_ON_NETWORK: 'false' })).toThrow(ConfigError);
  });

  it('a network bind is accepted with Google sign-in, or when the demo sign-in is explicitly allowed on the network', () => {
    expect(loadConfig({ ...DEV, HOST: '0.0.0.0', ALLOW_DEMO_SIGN_IN_ON_NETWORK: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...DEV, HOST: '0.0.0.0', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).host).toBe('0.0.0.0');
    for (const loopback of ['127.0.0.1', 'localhost', '::1', '127.0.1.1']) expect(loadConfig({ ...DEV, HOST: loopback }).host).toBe(loopback);
    // Production (Google sign-in) keeps listening on every interface unless HOST says otherwise.
    expect(loadConfig({ ...PRODUCTION_ENV, DATA_DIR: '/tmp/unused' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...DEV }).host).toBe('localhost');
    expect(loadConfig({ ...DEV, NODE_ENV: 'test' }).host).toBe('localhost');
  });
});
