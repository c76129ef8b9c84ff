import type { ClientDeps } from './client-deps.ts';
import { clientsToCsvLines, csvHeaderLine } from './client-csv.ts';

/** Every client (archived too) as CSV, streamed in batches so 100 000 clients never sit in memory at once. */
export async function* exportClientsCsv(deps: Pick<ClientDeps, 'clients'>, batchSize = 500): AsyncIterable<string> {
  yield `\uFEFF${csvHeaderLine()}`;
  for await (const batch of deps.clients.scan(batchSize)) yield clientsToCsvLines(batch);
}
