import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDocumentStore } from '../../src/adapters/open-document-store.ts';
import { DocumentAuditLog } from '../../src/adapters/documents/document-audit-log.ts';
import { DocumentReferenceNames } from '../../src/adapters/documents/document-reference-names.ts';
import { listContractHistory, CONTRACT_ENTITY } from '../../src/application/audit/list-contract-history.ts';
import { auditEntry } from '../../src/domain/audit/audit-entry.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aUser } from '../unit/auth/factories.ts';

const ADMIN: AuthState = { kind: 'admin', user: aUser({ displayName: 'Frank Miller' }) };
const FRANK = { id: 'google-oauth2|frank', name: 'Frank Miller' };

describe('reference labels on SQLite: audit entries carry the names of what they refer to', () => {
  const dir = tempDir();
  let store: DocumentStore;
  let audit: DocumentAuditLog;
  beforeAll(async () => {
    store = await openDocumentStore(`sqlite:${path.join(dir.path, 'app.db')}`, { clock: { now: () => new Date() }, ids: { next: () => randomUUID() } });
    audit = new DocumentAuditLog(store, { next: () => randomUUID() }, new DocumentReferenceNames(store));
    await store.collection('clients').create({ name: 'Jane Smith', sites: [{ id: 'site-1', label: 'Main house' }] }, 'client-1');
    await store.collection('employees').create({ name: 'Maria Lopez' }, 'emp-maria');
  });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  it('a monitoring contract’s history names its client and site; an employee list names each person; unknown ids get no label', async () => {
    await audit.record(
      auditEntry(FRANK, '2026-11-25T18:00:00.000Z', CONTRACT_ENTITY, 'contract-1', 'created', [
        { field: 'clientId', from: null, to: 'client-1' },
        { field: 'siteId', from: null, to: 'site-1' },
        { field: 'monthlyFeeCents', from: null, to: 3999 },
      ]),
    );
    await audit.record(auditEntry(FRANK, '2026-11-25T18:05:00.000Z', 'job', 'job-1', 'update', [{ field: 'assignees', from: null, to: 'emp-maria,emp-gone' }]));
    const [contract] = await listContractHistory({ audit }, ADMIN, 'contract-1');
    expect(contract?.labels).toEqual({ 'client-1': 'Jane Smith', 'site-1': 'Main house (Jane Smith)' });
    const [job] = await audit.listFor('job', 'job-1', { limit: 10 });
    expect(job?.labels).toEqual({ 'emp-maria': 'Maria Lopez' });
    await expect(listContractHistory({ audit }, { kind: 'signed-out' }, 'contract-1')).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
