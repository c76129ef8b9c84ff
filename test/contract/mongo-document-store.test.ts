import { createServer, type AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isDatabaseError } from '../../src/domain/persistence/database-error.ts';
import { openMongoDocumentStore } from '../../src/adapters/mongo/mongo-document-store.ts';
import { documentStoreContract } from './document-store.contract.ts';

/**
 * The MongoDB run of the DocumentStore contract. It needs a replica set (transactions, change
 * streams): MONGODB_URI when set, else a mongo:7 container through testcontainers when a Docker
 * engine answers, else the suite is reported as skipped, loudly. `npm run test:mongo` runs it.
 */
interface MongoTarget {
  uri: string;
  stop: () => Promise<void>;
}

async function findMongo(): Promise<MongoTarget | string> {
  if (process.env.MONGODB_URI) return { uri: process.env.MONGODB_URI, stop: async () => {} };
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    return 'no MONGODB_URI and no Docker engine';
  }
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer('mongo:7').start();
  return { uri: `${container.getConnectionString()}/?directConnection=true`, stop: async () => void (await container.stop()) };
}

const target = await findMongo();
if (typeof target === 'string') console.warn(`\n*** MongoDB contract suite SKIPPED: ${target}. Set MONGODB_URI (a replica set) to run it. ***\n`);

documentStoreContract(
  'MongoDB',
  async () => {
    const t = target as MongoTarget;
    const dbName = `contract_${Date.now().toString(36)}_${process.pid}`;
    const opened = [await openMongoDocumentStore(t.uri, { dbName })];
    return {
      store: opened[0]!,
      openAnother: async () => {
        const s = await openMongoDocumentStore(t.uri, { dbName });
        opened.push(s);
        return s;
      },
      cleanup: async () => {
        for (const s of opened) await s.close();
        const client = await MongoClient.connect(t.uri);
        await client.db(dbName).dropDatabase();
        await client.close();
        await t.stop();
      },
    };
  },
  { skip: typeof target === 'string' },
);

describe('MongoDB adapter without a server', () => {
  it('[R-ERR-4] an unreachable server fails with unavailable, not a driver error', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((r) => server.close(() => r()));
    const err = await openMongoDocumentStore(`mongodb://127.0.0.1:${port}/x`, { serverSelectionTimeoutMS: 300, startupTimeoutMS: 0, log: () => {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseError(err, 'unavailable'), String(err)).toBe(true);
  });
});
