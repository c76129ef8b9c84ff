import type { AuthState } from '../../domain/auth/permissions.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { ClientDeps } from './client-deps.ts';
import { clientsToCsvLines, csvHeaderLine } from './client-csv.ts';

/**
 * Every client (archived too) as CSV, streamed in batches so 100 000 clients never sit in memory
 * at once. Checked when called, not on the first read, so a refusal is an error, not a broken stream.
 */
export function exportClientsCsv(deps: Pick<ClientDeps, 'clients'>, auth: AuthState, batchSize = 500): AsyncIterable<string> {
  requireAccess(auth, 'viewClients');
  return csvLines(deps, batchSize);
}

async function* csvLines(deps: Pick<ClientDeps, 'clients'>, batchSize: number): AsyncIterable<string> {
  yield `\uFEFF${csvHeaderLine()}`;
  for await (const batch of deps.clients.scan(batchSize)) yield clientsToCsvLines(batch);
}
