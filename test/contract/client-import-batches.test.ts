import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { Client } from '../../src/domain/clients/client.ts';
import type { ClientRepository } from '../../src/domain/clients/client-repository.ts';
import { DomainError } from '../../src/domain/shared/domain-error.ts';
import type { ClientDeps } from '../../src/application/clients/client-deps.ts';
import { commitClientImport, type ImportProgress } from '../../src/application/clients/commit-client-import.ts';
import { loadConfig } from '../../src/config.ts';
import { buildContainer, TOKENS, type AppContainer } from '../../src/container.ts';
import { aUser } from '../unit/auth/factories.ts';
import { tempDir } from '../support/temp-dir.ts';

/**
 * Issue #18 finding 2: a large import is written in bounded batches, each its own transaction,
 * with progress, and an import that stopped part-way is finished by importing the same file
 * again. Real SQLite store and repositories; the one stand-in is a ClientRepository that passes
 * every call to the real one but fails the n-th batch, as a database failing mid-import would.
 */
const ADMIN: AuthState = { kind: 'admin', user: aUser({ displayName: 'Frank Miller' }) };

/** Rows without e-mail or phone: duplicate detection cannot recognise them, only their ids can. */
const csvOf = (n: number, tag: string): string =>
  ['kind,name', ...Array.from({ length: n }, (_, i) => `residential,Importee ${tag} ${String(i + 1).padStart(4, '0')} Montgomery-Fairweather`)].join('\n');

function failingBatch(real: ClientRepository, failAt: number): ClientRepository & { batches: number[] } {
  const batches: number[] = [];
  return Object.assign(Object.create(real) as ClientRepository, {
    batches,
    createMany: async (clients: readonly Client[]) => {
      batches.push(clients.length);
      if (batches.length === failAt) throw new DomainError('unavailable', 'The database is not answering.');
      return real.createMany(clients);
    },
  });
}

describe('client import in batches', () => {
  const dir = tempDir('shieldline-import-');
  let container: AppContainer;
  let deps: ClientDeps;

  const countNamed = async (tag: string): Promise<number> => {
    let n = 0;
    for await (const batch of deps.clients.scan(500)) n += batch.filter((c) => c.name.startsWith(`Importee ${tag} `)).length;
    return n;
  };

  beforeAll(async () => {
    container = await buildContainer(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir.path, DEMO_DATA: 'false' }));
    deps = container.resolve(TOKENS.ClientDeps);
  });
  afterAll(async () => {
    await container?.close();
    dir.remove();
  });

  it('writes 250 rows as batches of 100, 100 and 50, reporting progress after each', async () => {
    const recorder = failingBatch(deps.clients, 0);
    const progress: ImportProgress[] = [];
    const csv = csvOf(250, 'A');
    const result = await commitClientImport({ ...deps, clients: recorder }, ADMIN, csv, { batchSize: 100, onProgress: (p) => void progress.push(p) });
    expect(result).toEqual({ created: 250, skipped: 0, resumed: 0 });
    expect(recorder.batches).toEqual([100, 100, 50]);
    expect(progress).toEqual([{ done: 100, total: 250 }, { done: 200, total: 250 }, { done: 250, total: 250 }]);
    expect(await countNamed('A')).toBe(250);
    const again = await commitClientImport({ ...deps, clients: recorder }, ADMIN, csv, { batchSize: 100, skipDuplicates: false });
    expect(again).toEqual({ created: 0, skipped: 250, resumed: 250 });
    expect(recorder.batches).toEqual([100, 100, 50]);
  });

  it('an import that fails part-way says how far it got; the same file again adds only the rest', async () => {
    const csv = csvOf(250, 'B');
    const failing = failingBatch(deps.clients, 2);
    const err = await commitClientImport({ ...deps, clients: failing }, ADMIN, csv, { batchSize: 100 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('unavailable');
    expect((err as Error).message).toBe(
      '100 of 250 clients were imported before this failed: The database is not answering. Import the same file again to add the rest; the rows already imported are recognised and left out.',
    );
    expect(await countNamed('B')).toBe(100);

    const again = await commitClientImport(deps, ADMIN, csv, { batchSize: 100 });
    expect(again).toEqual({ created: 150, skipped: 100, resumed: 100 });
    expect(await countNamed('B')).toBe(250);
    // A third time adds nobody.
    expect(await commitClientImport(deps, ADMIN, csv)).toEqual({ created: 0, skipped: 250, resumed: 250 });
    expect(await countNamed('B')).toBe(250);
  });

  it('a file with one bad row is still refused whole before anything is written', async () => {
    const csv = `${csvOf(150, 'C')}\nresidential,`;
    await expect(commitClientImport(deps, ADMIN, csv, { batchSize: 100 })).rejects.toThrow(/1 row\(s\) have errors \(line 152\); nothing was imported\./);
    expect(await countNamed('C')).toBe(0);
  });
});
