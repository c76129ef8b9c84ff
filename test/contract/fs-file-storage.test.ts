import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsFileStorage } from '../../src/adapters/fs-storage/fs-file-storage.ts';
import { openFileStorage } from '../../src/adapters/open-file-storage.ts';
import { tempDir } from '../support/temp-dir.ts';
import { fileBytes } from '../support/storage-factories.ts';
import { fileStorageContract, md5Base64, readAll } from './file-storage.contract.ts';

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

fileStorageContract('filesystem', async ({ limits }) => {
  const tmp = tempDir('fs-storage-');
  const root = join(tmp.path, 'files');
  const storage = new FsFileStorage({ root, ...(limits ? { limits } : {}) });
  return {
    storage,
    async listObjects() {
      const files = (await walk(root).catch(() => [])).map((f) => relative(root, f));
      // Temp files must be gone too: anything that is not an object or its metadata is a leak.
      return files.filter((f) => !f.endsWith('.json') || !files.includes(f.slice(0, -'.json'.length)));
    },
    async outsideRoot() {
      return (await readdir(tmp.path)).filter((n) => n !== 'files');
    },
    async close() {
      tmp.remove();
    },
  };
});

describe('FsFileStorage on disk', () => {
  it('keeps the bytes and a JSON metadata file under the root, and no temp files', async () => {
    const tmp = tempDir('fs-storage-');
    try {
      const storage = await openFileStorage(`file:${join(tmp.path, 'files')}`, {});
      const bytes = fileBytes('application/pdf', 5000);
      const f = await storage.upload({ folder: 'documents', data: bytes });
      const files = (await walk(join(tmp.path, 'files'))).map((p) => relative(join(tmp.path, 'files'), p)).sort();
      expect(files).toEqual([f.fullPath, `${f.fullPath}.json`]);
      expect(md5Base64(await readAll((await storage.download(f.fullPath)).body))).toBe(md5Base64(bytes));
    } finally {
      tmp.remove();
    }
  });
});
