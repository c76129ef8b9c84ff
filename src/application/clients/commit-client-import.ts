import { createHash } from 'node:crypto';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { auditEntry } from '../../domain/clients/client-audit.ts';
import { requireAccess } from '../shared/require-access.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ClientDeps } from './client-deps.ts';
import { buildClient } from './client-changes.ts';
import { parseClientCsv, type ImportMapping } from './client-csv.ts';
import { findImportDuplicates } from './import-duplicates.ts';

const IMPORT_BATCH_SIZE = 100;

export interface ImportProgress {
  done: number;
  total: number;
}

export interface ClientImportResult {
  created: number;
  /** Rows left out: duplicates, and rows an earlier import of the same file had written. */
  skipped: number;
  /** Of those, the rows an earlier (perhaps interrupted) import of the same file had written. */
  resumed: number;
}

/** The id a row's client gets: the same file, mapping and line always give the same id. */
function importedClientId(csv: string, mapping: ImportMapping, line: number): string {
  const digest = createHash('sha256').update(JSON.stringify(mapping)).update('\n').update(csv).digest('hex').slice(0, 16);
  return `imp-${digest}-${line}`;
}

/**
 * Checks the whole file first and refuses it whole if any row has an error (the file may differ
 * from the previewed one). The clients are then written in bounded batches, each its own
 * transaction (one transaction of 10 000 clients was ~160 000 writes, past MongoDB's 60 s
 * transaction limit), reporting progress after each. An import that stops part-way is resumed by
 * importing the same file again: each row's client id comes from the file, the mapping and the
 * row's line, so rows already written are recognised and left out (`resumed`). Rows with the
 * e-mail or phone of an existing client or of an earlier row are left out when `skipDuplicates`
 * (the default), so importing the same file twice adds nobody twice.
 */
export async function commitClientImport(
  deps: Pick<ClientDeps, 'clients' | 'audit' | 'cipher' | 'clock' | 'ids'>,
  auth: AuthState,
  csv: string,
  options: { mapping?: ImportMapping; skipDuplicates?: boolean; batchSize?: number; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ClientImportResult> {
  const actor = requireAccess(auth, 'editClients');
  const mapping = options.mapping ?? {};
  const { rows: all, fileErrors } = parseClientCsv(csv, mapping);
  if (fileErrors.length) throw new DomainError('validation', fileErrors.join(' '), { csv: fileErrors });
  const bad = all.filter((r) => r.input === null);
  if (bad.length) {
    const lines = bad.slice(0, 10).map((r) => r.line);
    throw new DomainError('validation', `${bad.length} row(s) have errors (line ${lines.join(', ')}${bad.length > 10 ? ', …' : ''}); nothing was imported.`, {
      csv: [`${bad.length} row(s) have errors.`],
    });
  }
  const idOf = new Map(all.map((r) => [r.line, importedClientId(csv, mapping, r.line)]));
  const written = new Set<number>();
  for (const r of all) if (await deps.clients.get(idOf.get(r.line)!)) written.add(r.line);
  const pending = all.filter((r) => !written.has(r.line));
  const duplicates = options.skipDuplicates === false ? new Map<number, string>() : await findImportDuplicates(deps.clients, pending);
  const rows = pending.filter((r) => !duplicates.has(r.line));
  const batchSize = Math.max(1, options.batchSize ?? IMPORT_BATCH_SIZE);
  let done = 0;
  for (let i = 0; i < rows.length; i += batchSize) {
    const now = deps.clock.now();
    const clients = rows.slice(i, i + batchSize).map((r) => buildClient({ cipher: deps.cipher, newId: () => deps.ids.next() }, idOf.get(r.line)!, r.input!, now));
    try {
      await deps.clients.createMany(clients);
    } catch (e) {
      if (done === 0 || !(e instanceof DomainError)) throw e;
      throw new DomainError(e.code, `${done} of ${rows.length} clients were imported before this failed: ${e.message} Import the same file again to add the rest; the rows already imported are recognised and left out.`);
    }
    await deps.audit.recordAll(clients.map((c) => auditEntry(actor, now, c.id, 'import', [{ field: 'name', from: null, to: c.name }])));
    done += clients.length;
    options.onProgress?.({ done, total: rows.length });
  }
  return { created: done, skipped: duplicates.size + written.size, resumed: written.size };
}
