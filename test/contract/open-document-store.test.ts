import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDocumentStore, sqliteFileFromUrl } from '../../src/adapters/open-document-store.ts';
import { isDatabaseError } from '../../src/domain/persistence/database-error.ts';
import { tempDir } from '../support/temp-dir.ts';

describe('openDocumentStore(DATABASE_URL)', () => {
  it('reads sqlite: URLs as file paths', () => {
    expect(sqliteFileFromUrl('sqlite:./data/app.db')).toBe('./data/app.db');
    expect(sqliteFileFromUrl('sqlite:///var/lib/app.db')).toBe('/var/lib/app.db');
    expect(sqliteFileFromUrl('sqlite::memory:')).toBe(':memory:');
  });

  it('opens a working SQLite store that keeps data across reopening', async () => {
    const dir = tempDir('open-store-');
    const url = `sqlite:${join(dir.path, 'app.db')}`;
    const first = await openDocumentStore(url);
    await first.collection('clients').set('c1', { name: 'Ada' });
    await first.close();
    const second = await openDocumentStore(url);
    expect((await second.collection('clients').get('c1'))?.name).toBe('Ada');
    await second.close();
    dir.remove();
  });

  it('refuses other schemes with invalid-argument', async () => {
    const err = await openDocumentStore('postgres://x').catch((e: unknown) => e);
    expect(isDatabaseError(err, 'invalid-argument')).toBe(true);
  });
});
