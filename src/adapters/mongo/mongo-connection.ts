import { ConnectionString } from 'mongodb-connection-string-url';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import { StartupCheckError, reasonOf, redactedUrl } from '../startup-check-error.ts';

/**
 * What start-up needs from DATABASE_URL and the first server answer. A MongoDB connection string
 * is not a WHATWG URL (`mongodb://db1:27017,db2:27017,db3:27017/shieldline?replicaSet=rs0` has
 * three hosts), so it is read with the driver's own parser, mongodb-connection-string-url.
 */
export const DEFAULT_DB_NAME = 'shieldline';

export interface MongoTarget {
  /** The database: the URL's path (`/shieldline`), else DEFAULT_DB_NAME. */
  dbName: string;
  hosts: string[];
  replicaSet: string | null;
  directConnection: boolean;
}

export function parseMongoUrl(url: string): MongoTarget {
  let cs: ConnectionString;
  try {
    cs = new ConnectionString(url);
  } catch (e) {
    throw new StartupCheckError('DATABASE_URL', `DATABASE_URL '${redactedUrl(url)}' is not a MongoDB connection string (${reasonOf(e)}); expected mongodb://host1:27017,host2:27017/shieldline?replicaSet=rs0.`, { cause: e });
  }
  const path = decodeURIComponent(cs.pathname.replace(/^\//, ''));
  const params = cs.searchParams;
  return {
    dbName: path || DEFAULT_DB_NAME,
    hosts: cs.hosts,
    replicaSet: params.get('replicaSet'),
    directConnection: params.get('directConnection') === 'true',
  };
}

/** The fields of a `hello` answer start-up reads. */
export interface HelloAnswer {
  isWritablePrimary?: boolean;
  setName?: string;
  msg?: string;
  primary?: string;
}

/**
 * Transactions and change streams need a replica set (or a sharded cluster, `msg: 'isdbgrid'`).
 * A standalone mongod answers `hello` without `setName`: every transaction would fail later, so
 * start-up refuses it with one line saying what to do.
 */
export function refuseStandalone(hello: HelloAnswer, url: string): void {
  if (hello.setName || hello.msg === 'isdbgrid') return;
  throw new StartupCheckError(
    'DATABASE_URL',
    `DATABASE_URL '${redactedUrl(url)}' is a standalone MongoDB server; the store needs a replica set (transactions, change streams): start mongod with --replSet rs0, run rs.initiate() once, and add ?replicaSet=rs0 to the URL (docs/operations.md).`,
  );
}

export interface WaitForPrimaryOptions {
  url: string;
  /** How long start-up waits for a writable primary in total. */
  timeoutMs: number;
  /** Pause between attempts. */
  retryMs?: number;
  log: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Asks `hello` (through `probe`, which selects the primary) until a writable primary answers or
 * the deadline passes. An election (a few seconds), a member still starting or a set not yet
 * initiated is waited for with one line per attempt; a standalone server is refused at once.
 */
export async function waitForPrimary(probe: () => Promise<HelloAnswer>, options: WaitForPrimaryOptions): Promise<HelloAnswer> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = now();
  let last = 'no answer yet';
  for (let attempt = 1; ; attempt++) {
    try {
      const hello = await probe();
      refuseStandalone(hello, options.url);
      if (hello.isWritablePrimary || hello.msg === 'isdbgrid') return hello;
      last = `replica set ${hello.setName} has no writable primary yet${hello.primary ? ` (primary: ${hello.primary})` : ''}`;
    } catch (e) {
      if (e instanceof StartupCheckError) throw e;
      if (isAuthFailure(e)) throw authFailure(options.url, e);
      last = reasonOf(e);
    }
    const waited = now() - started;
    if (waited >= options.timeoutMs)
      throw new DatabaseError('unavailable', `MongoDB at '${redactedUrl(options.url)}' has no writable primary after ${Math.round(waited / 1000)} s (${last}); check that the members run, that rs.status() shows a PRIMARY, and that this host can reach every member's name.`);
    options.log(`Waiting for a MongoDB primary at '${redactedUrl(options.url)}' (attempt ${attempt}): ${last}`);
    await sleep(Math.min(options.retryMs ?? 2_000, Math.max(0, options.timeoutMs - waited)));
  }
}

/** The server refused the credentials (AuthenticationFailed, 18): waiting will not change that. */
export function isAuthFailure(e: unknown): boolean {
  const err = e as { code?: unknown; codeName?: unknown; message?: unknown; cause?: unknown } | null;
  if (err === null || typeof err !== 'object') return false;
  if (err.code === 18 || err.codeName === 'AuthenticationFailed' || /Authentication failed/i.test(String(err.message ?? ''))) return true;
  return err.cause !== undefined && err.cause !== e && isAuthFailure(err.cause);
}

/** `DATABASE_URL '<password redacted>' (hosts a:27017, b:27017)`: what every give-up names. */
export function mongoSetting(url: string): string {
  let hosts: string[] = [];
  try {
    hosts = parseMongoUrl(url).hosts;
  } catch {
    // An unreadable URL is reported by parseMongoUrl itself; here only the hosts are left out.
  }
  return `DATABASE_URL '${redactedUrl(url)}'${hosts.length > 0 ? ` (hosts ${hosts.join(', ')})` : ''}`;
}

function authFailure(url: string, e: unknown): StartupCheckError {
  return new StartupCheckError('DATABASE_URL', `${mongoSetting(url)}: MongoDB refused the user name or password (${reasonOf(e)}); check the user, the password (percent-encoded) and authSource in DATABASE_URL.`, { cause: e });
}

/**
 * Start-up giving up on MongoDB as one sentence naming DATABASE_URL (password redacted, hosts
 * listed) and what to fix: no writable primary within the wait, unreachable, refused credentials.
 * A StartupCheckError (a standalone server, an unreadable URL) is already one; anything else is
 * not a setting problem and is returned as it is, so main.ts prints its stack.
 */
export function mongoStartupFailure(url: string, e: unknown): unknown {
  if (e instanceof StartupCheckError) return e;
  if (isAuthFailure(e)) return authFailure(url, e);
  // The driver's own checks of hosts and options (past the connection-string parser): `db2:notaport`, an unknown option value.
  const name = (e as { name?: unknown } | null)?.name;
  if ((name === 'MongoParseError' || name === 'MongoInvalidArgumentError' || name === 'MongoRuntimeError') && /parse|invalid|option|unsupported/i.test(String((e as Error).message)))
    return new StartupCheckError('DATABASE_URL', `${mongoSetting(url)}: the MongoDB driver cannot use this connection string (${reasonOf(e)}); expected mongodb://host1:27017,host2:27017/shieldline?replicaSet=rs0.`, { cause: e });
  if (e instanceof DatabaseError && e.databaseCode === 'unavailable') {
    const reason = e.message.replace(/^MongoDB at '[^']*' /, 'MongoDB ');
    return new StartupCheckError('DATABASE_URL', `${mongoSetting(url)}: ${reason}${/check /.test(reason) ? '' : '; check that the members run, that rs.status() shows a PRIMARY, and that this host can reach every member.'}`, { cause: e });
  }
  return e;
}
