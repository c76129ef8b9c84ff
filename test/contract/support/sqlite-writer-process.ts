/**
 * A separate process writing to an SQLite document store, as a second server instance would.
 *   node sqlite-writer-process.ts increment <file> <count> <inFlight>   atomic increments
 *   node sqlite-writer-process.ts racy <file> <count> <inFlight>        read, yield, write back
 *   node sqlite-writer-process.ts durable <file>                        writes until killed,
 *                                                                       printing each id once acknowledged
 */
import { setImmediate as tick } from 'node:timers/promises';
import { openSqliteDocumentStore } from '../../../src/adapters/sqlite/sqlite-document-store.ts';

const [mode, file, countArg = '0', inFlightArg = '1'] = process.argv.slice(2);
const store = openSqliteDocumentStore(file!);
const counters = store.collection('counters');

async function inParallel(count: number, inFlight: number, step: () => Promise<unknown>): Promise<void> {
  let started = 0;
  const lane = async (): Promise<void> => {
    while (started < count) {
      started += 1;
      await step();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}

if (mode === 'increment') {
  await inParallel(Number(countArg), Number(inFlightArg), () => counters.increment('hits', { n: 1 }, { upsert: true }));
} else if (mode === 'racy') {
  await inParallel(Number(countArg), Number(inFlightArg), async () => {
    const doc = await counters.get('hits');
    await tick();
    await counters.set('hits', { n: ((doc?.n as number | undefined) ?? 0) + 1 });
  });
} else if (mode === 'durable') {
  const orders = store.collection('orders');
  for (let i = 0; ; i++) {
    const doc = await orders.create({ seq: i, note: `order ${i}`, lines: [{ sku: 'CAM-1', qty: i % 5 }] });
    process.stdout.write(`${doc.id}\n`);
  }
}
await store.close();
process.stdout.write('done\n');
