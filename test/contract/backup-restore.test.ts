import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup, type BackupManifest, type DataEndpoints } from '../../src/adapters/backup/tar-backup.ts';
import { AesGcmSecretCipher } from '../../src/adapters/crypto/aes-gcm-secret-cipher.ts';
import { DocumentClientRepository } from '../../src/adapters/documents/document-client-repository.ts';
import { DocumentContactMessageRepository } from '../../src/adapters/documents/document-contact-message-repository.ts';
import { FsFileStorage } from '../../src/adapters/fs-storage/fs-file-storage.ts';
import { S3FileStorage, parseS3Url } from '../../src/adapters/s3-storage/s3-file-storage.ts';
import { closeSqlite, migrate, openSqlite } from '../../src/adapters/sqlite/sqlite-database.ts';
import { openSqliteDocumentStore, sqliteDocumentStore } from '../../src/adapters/sqlite/sqlite-document-store.ts';
import { newContactMessage } from '../../src/domain/contact/contact-message.ts';
import { COLLECTION_INDEXES, TERM_INDEXES, TTL_INDEXES } from '../../src/domain/persistence/collection-indexes.ts';
import { GeoPoint, type DocumentData } from '../../src/domain/persistence/document-data.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import type { FileStorage, StoredFile } from '../../src/domain/storage/file-storage.ts';
import { sessionSecret } from '../../src/http/session-secret.ts';
import { aContactRequest } from '../support/factories.ts';
import { s3PeerForSuite } from '../support/s3-peer.ts';
import { fileBytes } from '../support/storage-factories.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aClient, aSite } from '../unit/clients/client-factories.ts';
import { md5Base64, readAll } from './file-storage.contract.ts';

const dirs: { remove: () => void }[] = [];
const aDir = () => {
  const d = tempDir('backup-');
  dirs.push(d);
  return d.path;
};
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
  for (const d of dirs.splice(0)) d.remove();
});

const { peer } = s3PeerForSuite();
let bucketRun = 0;

/** Every collection the product writes (repositories' names and the index tables' ones). */
const PRODUCT_COLLECTIONS = [
  ...new Set([
    ...COLLECTION_INDEXES.map((i) => i.collection),
    ...TERM_INDEXES.map((i) => i.collection),
    ...TTL_INDEXES.map((i) => i.collection),
    'analytics', 'audit_log', 'calendar_feeds', 'camera_plans', 'counters', 'employees', 'idempotency_keys', 'inventory_items',
    'invoice_counters', 'invoice_tax_entries', 'invoices', 'job_assignments', 'jobs', 'monitoring_contracts', 'outbox',
    'proposal_counters', 'proposals', 'quote_requests', 'reminder_log', 'reminder_pauses', 'reminder_settings', 'reviews',
    'serial_numbers', 'stock_movements', 'time_clocks', 'time_entries', 'time_weeks', 'vision_analyses',
  ]),
].filter((c) => !['sessions', 'leases', 'rate_limits', 'clients', 'client_terms', 'contact_messages'].includes(c));

const FILE_FOLDERS = ['quote-photos', 'floor-plans', 'job-photos', 'job-signatures', 'vision'];

/** A document with every kind of value the store keeps: geo points, nesting, unicode, numbers. */
function aDocument(collection: string, i: number): DocumentData {
  return {
    number: `${collection.toUpperCase()}-${i}`,
    status: i % 2 === 0 ? 'open' : 'done',
    totalCents: 1_234_567 + i,
    taxRateBp: 2000,
    ratio: 0.1 + 0.2,
    negative: -42,
    largest: Number.MAX_SAFE_INTEGER,
    paid: i % 2 === 0,
    voidedAt: null,
    dueDate: '2026-12-01T00:00:00.000Z',
    geo: new GeoPoint(51.507_35, -0.127_76),
    serials: ['SN-1', 'SN-2'],
    lines: [{ sku: 'CAM-4K', qty: 2, at: new GeoPoint(-33.868_8, 151.209_3) }, { sku: 'NVR', qty: 1, at: null }],
    notes: { text: 'Zoë said "ok" ✓ \\ back-slash\nnew line 🛡', empty: {}, list: [] },
  };
}

interface Seeded {
  samples: Map<string, { id: string; doc: Record<string, unknown> }>;
  counts: Map<string, number>;
  files: { meta: StoredFile; md5: string }[];
  clientId: string;
  sealedContext: string;
}

const SECRET_PASSCODE = '4711-alarm';

/** One installation's worth of data: every collection, a client with a sealed passcode, one file per folder. */
async function seed(store: DocumentStore, files: FileStorage, dataDir: string): Promise<Seeded> {
  const samples = new Map<string, { id: string; doc: Record<string, unknown> }>();
  // Created in one event-loop turn: one group commit instead of an fsync each.
  const firsts = await Promise.all(
    PRODUCT_COLLECTIONS.map(async (name) => {
      const col = store.collection(name);
      const [first] = await Promise.all([col.create(aDocument(name, 1), `${name}-1`), col.create(aDocument(name, 2))]);
      return [name, first] as const;
    }),
  );
  for (const [name, first] of firsts) samples.set(name, { id: first.id, doc: first });
  // Counters are written by increments (invoice numbers); they must come back as numbers.
  await store.collection('invoice_counters').increment('2026', { next: 17, 'byMonth.11': 3 }, { upsert: true });
  await store.collection('sessions').create({ userId: 'emp-1', expiresAt: '2099-01-01T00:00:00.000Z' });

  const messages = new DocumentContactMessageRepository(store);
  const message = await messages.add(newContactMessage({ ...aContactRequest(), phone: null }, `msg-${Date.now()}`, new Date()));
  samples.set('contact_messages', { id: message.id, doc: (await store.collection('contact_messages').get(message.id))! });

  // Sealed with the key derived from DATA_DIR/session-secret, as the server does without CLIENT_SECRETS_KEY.
  const cipher = new AesGcmSecretCipher(sessionSecret(null, dataDir));
  const site = aSite({ geo: new GeoPoint(41.5, -87.25) });
  const sealedContext = `client-site:${site.id}`;
  const client = aClient({ name: 'Émile Backupson', sites: [{ ...site, alarm: { ...site.alarm, passcode: cipher.seal(SECRET_PASSCODE, sealedContext) } }] });
  await new DocumentClientRepository(store).create(client);
  samples.set('clients', { id: client.id, doc: (await store.collection('clients').get(client.id))! });

  const counts = new Map<string, number>();
  for (const name of await store.listCollections()) counts.set(name, await store.collection(name).count());

  const seededFiles: Seeded['files'] = [];
  for (const [i, folder] of FILE_FOLDERS.entries()) {
    const type = folder === 'floor-plans' ? 'application/pdf' : i % 2 === 0 ? 'image/jpeg' : 'image/png';
    const bytes = fileBytes(type, 30_000 + i * 1000);
    let meta = await files.upload({
      folder,
      data: bytes,
      fileName: `Zoë's ${folder}.bin`,
      cacheControl: 'private, max-age=60',
      contentLanguage: 'en',
      customMetadata: { jobId: `job-${i}`, takenBy: 'maria' },
      withDownloadToken: true,
    });
    meta = await files.createDownloadToken(meta.fullPath); // metageneration 2, two tokens
    seededFiles.push({ meta, md5: md5Base64(bytes) });
  }
  return { samples, counts, files: seededFiles, clientId: client.id, sealedContext };
}

/** Everything seeded is back: counts, sample documents (ids and timestamps too), files byte for byte. */
async function expectRestored(store: DocumentStore, files: FileStorage, s: Seeded, dataDir: string): Promise<void> {
  const counts = new Map<string, number>();
  for (const name of await store.listCollections()) counts.set(name, await store.collection(name).count());
  expect(counts).toEqual(new Map([...s.counts].filter(([name]) => name !== 'sessions')));
  for (const [name, sample] of s.samples) expect(await store.collection(name).get(sample.id), name).toEqual(sample.doc);
  expect((await store.collection('invoice_counters').get('2026'))).toMatchObject({ next: 17, byMonth: { '11': 3 } });

  const listed: StoredFile[] = [];
  for await (const f of files.list()) listed.push(f);
  expect(listed.map((f) => f.fullPath).sort()).toEqual(s.files.map((f) => f.meta.fullPath).sort());
  for (const f of s.files) {
    const got = await files.download(f.meta.fullPath);
    expect({ ...got.metadata, bucket: 'x' }).toEqual({ ...f.meta, bucket: 'x' });
    expect(md5Base64(await readAll(got.body))).toBe(f.md5);
  }

  const clients = new DocumentClientRepository(store);
  const found = await clients.list({ text: 'emile backup', kind: null, tag: null, source: null, archived: 'active', sort: 'name', limit: 25, cursor: null });
  expect(found.clients.map((c) => c.id)).toEqual([s.clientId]);
  const sealed = (await clients.get(s.clientId))!.sites[0]!.alarm.passcode!;
  expect(new AesGcmSecretCipher(sessionSecret(null, dataDir)).open(sealed, s.sealedContext)).toBe(SECRET_PASSCODE);
}

interface Install extends DataEndpoints {
  dataDir: string;
}

function sqliteFs(dataDir = join(aDir(), 'data')): Install {
  const store = openSqliteDocumentStore(join(dataDir, 'app.db'));
  closers.push(() => store.close());
  return { store, files: new FsFileStorage({ root: join(dataDir, 'files') }), kinds: { database: 'sqlite', files: 'fs' }, sessionSecretFile: join(dataDir, 'session-secret'), dataDir };
}

function sqliteS3(): Install {
  const dataDir = join(aDir(), 'data');
  const store = openSqliteDocumentStore(join(dataDir, 'app.db'));
  bucketRun += 1;
  const files = new S3FileStorage({ ...parseS3Url(peer.url), prefix: `install-${bucketRun}`, tmpDir: join(aDir(), 'spool') });
  closers.push(async () => {
    await store.close();
    await files.close();
  });
  return { store, files, kinds: { database: 'sqlite', files: 's3' }, sessionSecretFile: join(dataDir, 'session-secret'), dataDir };
}

describe('backup and restore', () => {
  /** A seeded SQLite + folder installation and its backup. */
  async function seededBackup() {
    const src = sqliteFs();
    const seeded = await seed(src.store, src.files, src.dataDir);
    const archive = join(aDir(), 'b.tar.gz');
    const manifest = await createBackup(src, archive);
    return { src, seeded, archive, manifest };
  }

  it('round trip SQLite + folder → a fresh SQLite + folder: every collection, file and the session secret', async () => {
    const src = sqliteFs();
    const seeded = await seed(src.store, src.files, src.dataDir);
    const archive = join(aDir(), 'b.tar.gz');
    const started = performance.now();
    const manifest = await createBackup(src, archive);
    console.log(`backup of ${[...seeded.counts.values()].reduce((a, b) => a + b, 0)} documents + ${seeded.files.length} files: ${(performance.now() - started).toFixed(0)} ms, ${readFileSync(archive).length} bytes`);
    expect(manifest).toMatchObject({ format: 2, source: { database: 'sqlite', files: 'fs' }, sessionSecret: true, skipped: ['sessions'] });
    expect(manifest.files.count).toBe(FILE_FOLDERS.length);
    expect(Object.keys(manifest.collections).sort()).toEqual([...seeded.counts.keys()].filter((n) => n !== 'sessions').sort());

    const target = sqliteFs();
    expect(existsSync(target.sessionSecretFile!)).toBe(false);
    await restoreBackup(archive, target);
    expect(readFileSync(target.sessionSecretFile!, 'utf8')).toBe(readFileSync(src.sessionSecretFile!, 'utf8'));
    await expectRestored(target.store, target.files, seeded, target.dataDir);
    const tmp = join(target.dataDir, 'files', '.tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it('without the archived session secret the restored passcodes would not open (the check above can fail)', async () => {
    const src = sqliteFs();
    const seeded = await seed(src.store, src.files, src.dataDir);
    const sealed = (await new DocumentClientRepository(src.store).get(seeded.clientId))!.sites[0]!.alarm.passcode!;
    const freshSecret = new AesGcmSecretCipher(sessionSecret(null, join(aDir(), 'fresh')));
    expect(() => freshSecret.open(sealed, seeded.sealedContext)).toThrow();
  });

  it('SQLite + folder → SQLite + S3 (s3rver) → SQLite + folder: the archive moves between storage kinds', async () => {
    const { seeded, archive: first } = await seededBackup();
    const viaS3 = sqliteS3();
    await restoreBackup(first, viaS3);
    await expectRestored(viaS3.store, viaS3.files, seeded, viaS3.dataDir);

    const second = join(aDir(), 's3.tar.gz');
    const m = await createBackup(viaS3, second);
    expect(m.source).toEqual({ database: 'sqlite', files: 's3' });
    const back = sqliteFs();
    await restoreBackup(second, back);
    await expectRestored(back.store, back.files, seeded, back.dataDir);
  });

  it('refuses to restore over existing data unless forced; forced, it replaces documents, files and secret', async () => {
    const { seeded, archive } = await seededBackup();
    const busy = sqliteFs();
    await busy.store.collection('jobs').create({ title: 'stray' }, 'stray-job');
    const stray = await busy.files.upload({ folder: 'job-photos', data: fileBytes('image/jpeg', 100) });
    sessionSecret(null, busy.dataDir);
    await expect(restoreBackup(archive, busy)).rejects.toThrow(/Refusing to restore over existing data/);
    expect(await busy.store.collection('clients').count()).toBe(0);

    await restoreBackup(archive, busy, { force: true });
    expect(await busy.store.collection('jobs').get('stray-job')).toBeNull();
    await expect(busy.files.getMetadata(stray.fullPath)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await expectRestored(busy.store, busy.files, seeded, busy.dataDir);
  });

  it('a target holding only sessions counts as empty', async () => {
    const src = sqliteFs();
    await src.store.collection('jobs').create({ title: 'one' });
    const archive = join(aDir(), 'b.tar.gz');
    await createBackup(src, archive);
    const target = sqliteFs();
    await target.store.collection('sessions').create({ userId: 'x', expiresAt: '2099-01-01T00:00:00.000Z' });
    const m: BackupManifest = await restoreBackup(archive, target);
    expect(m.collections).toEqual({ jobs: 1 });
    expect(await target.store.collection('jobs').count()).toBe(1);
  });

  it.each([
    ['folder', () => sqliteFs().files],
    ['S3', () => sqliteS3().files],
  ])('%s storage: restoreFile keeps path and metadata, and refuses bytes that do not match the record', async (_kind, make) => {
    const from = sqliteFs().files;
    const bytes = fileBytes('image/png', 2000);
    const meta = await from.upload({ folder: 'job-photos', data: bytes, customMetadata: { a: 'b' }, withDownloadToken: true });
    const to = make();
    await expect(to.restoreFile(meta, fileBytes('image/png', 2000))).rejects.toMatchObject({ code: 'storage/invalid-checksum' });
    await expect(to.restoreFile({ ...meta, fullPath: '../outside/x1234567' }, bytes)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    const listedBefore: StoredFile[] = [];
    for await (const f of to.list()) listedBefore.push(f);
    expect(listedBefore).toEqual([]);
    const restored = await to.restoreFile(meta, bytes);
    expect({ ...(await to.getMetadata(meta.fullPath)), bucket: 'x' }).toEqual({ ...meta, bucket: 'x' });
    expect(restored.bucket).toBe((await to.getMetadata(meta.fullPath)).bucket);
    expect(await to.findByDownloadToken(meta.fullPath, meta.downloadTokens[0]!)).not.toBeNull();
  });

  it('the snapshot is consistent: writes made while it is read are not in it', async () => {
    const src = sqliteFs();
    const jobs = src.store.collection('jobs');
    await Promise.all(Array.from({ length: 1200 }, (_, i) => jobs.create({ n: i }, `job-${String(i).padStart(4, '0')}`)));
    const snapshot = await src.store.openSnapshot();
    const ids: string[] = [];
    try {
      for await (const d of snapshot.documents('jobs')) {
        ids.push(d.id);
        if (ids.length === 10) {
          // Mid-read (past the first page boundary later): delete, change and add documents.
          await jobs.delete('job-1100');
          await jobs.update('job-0700', { n: -1 });
          await jobs.create({ n: 9999 }, 'job-9999');
          await src.store.collection('invoices').create({ late: true });
        }
        if (d.id === 'job-0700') expect(d.data).toEqual({ n: 700 });
      }
      expect(await snapshot.collections()).toEqual(['jobs']);
    } finally {
      await snapshot.close();
    }
    expect(ids).toHaveLength(1200);
    expect(ids).toContain('job-1100');
    expect(ids).not.toContain('job-9999');
  });

  it('restores a format 1 archive (app.db + files folder) made by the earlier version', async () => {
    const dataDir = join(aDir(), 'old');
    const db = openSqlite(join(dataDir, 'app.db'));
    migrate(db);
    const message = await new DocumentContactMessageRepository(sqliteDocumentStore(db)).add(
      newContactMessage({ ...aContactRequest(), phone: null }, `msg-${Date.now()}`, new Date()),
    );
    closeSqlite(db);
    const file = await new FsFileStorage({ root: join(dataDir, 'files') }).upload({ folder: 'quote-photos', data: fileBytes('image/jpeg', 5000) });
    writeFileSync(join(dataDir, 'backup.json'), JSON.stringify({ format: 1, createdAt: '2026-11-01T00:00:00.000Z' }));
    const archive = join(aDir(), 'v1.tar.gz');
    await tar.create({ gzip: true, file: archive, cwd: dataDir, portable: true }, ['backup.json', 'app.db', 'files']);

    const target = sqliteFs();
    const m = await restoreBackup(archive, target);
    expect(m).toMatchObject({ format: 1, collections: { contact_messages: 1 }, files: { count: 1 } });
    expect(await new DocumentContactMessageRepository(target.store).get(message.id)).toEqual(message);
    expect((await target.files.getMetadata(file.fullPath)).md5Hash).toBe(file.md5Hash);
  });

  it('refuses a tampered archive whose file record points outside the files folder', async () => {
    const stage = aDir();
    mkdirSync(join(stage, 'collections'));
    const manifest: BackupManifest = { format: 2, createdAt: '2026-11-22T00:00:00.000Z', source: { database: 'sqlite', files: 'fs' }, collections: {}, files: { count: 1, bytes: 4 }, sessionSecret: false, skipped: [] };
    writeFileSync(join(stage, 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(stage, 'files.ndjson'), `${JSON.stringify({ fullPath: '../../etc/passwd', md5Hash: 'x', size: 4 })}\n`);
    const archive = join(aDir(), 'bad.tar.gz');
    await tar.create({ gzip: true, file: archive, cwd: stage, portable: true }, ['manifest.json', 'collections', 'files.ndjson']);
    const target = sqliteFs();
    await expect(restoreBackup(archive, target)).rejects.toThrow(/invalid file path/);
  });

  it('npm run backup / restore work from the command line with DATA_DIR', async () => {
    const src = sqliteFs();
    const seeded = await seed(src.store, src.files, src.dataDir);
    await src.store.close();
    const archive = join(aDir(), 'cli.tar.gz');
    const run = (script: string, args: string[], DATA_DIR: string) =>
      spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], { env: { ...process.env, DATA_DIR, DATABASE_URL: '', STORAGE_URL: '', SESSION_SECRET: '', CLIENT_SECRETS_KEY: '' }, encoding: 'utf8' });

    const b = run('backup', ['--out', archive], src.dataDir);
    expect(b.stderr).toBe('');
    expect(b.status).toBe(0);
    expect(b.stdout).toMatch(/Backup written to .*cli\.tar\.gz \(\d+ bytes, [\d.]+ s\): \d+ documents in \d+ collections, 5 files \(\d+ bytes\), session secret\./);
    console.log(b.stdout.trim());

    const target = join(aDir(), 'cli-restored');
    const r = run('restore', [archive], target);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const again = run('restore', [archive], target);
    expect(again.status).toBe(3);
    expect(again.stderr).toMatch(/--force/);
    expect(run('restore', [archive, '--force'], target).status).toBe(0);

    const restored = sqliteFs(target);
    await expectRestored(restored.store, restored.files, seeded, target);
  });
});

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri) console.warn('\n*** Backup/restore MongoDB round trip SKIPPED: set MONGODB_URI (a replica set) to run it. ***\n');

describe.skipIf(!mongoUri)('backup and restore with MongoDB (MONGODB_URI)', () => {
  it('SQLite + folder → MongoDB + folder → SQLite + folder', async () => {
    const { openMongoDocumentStore } = await import('../../src/adapters/mongo/mongo-document-store.ts');
    const { MongoClient } = await import('mongodb');
    const src = sqliteFs();
    const seeded = await seed(src.store, src.files, src.dataDir);
    const first = join(aDir(), 'sqlite.tar.gz');
    await createBackup(src, first);

    const dbName = `backup_${Date.now().toString(36)}_${process.pid}`;
    const mongoStore = await openMongoDocumentStore(mongoUri!, { dbName });
    closers.push(async () => {
      await mongoStore.close();
      const client = await MongoClient.connect(mongoUri!);
      await client.db(dbName).dropDatabase();
      await client.close();
    });
    const dataDir = join(aDir(), 'mongo-data');
    const mongo: Install = { store: mongoStore, files: new FsFileStorage({ root: join(dataDir, 'files') }), kinds: { database: 'mongodb', files: 'fs' }, sessionSecretFile: join(dataDir, 'session-secret'), dataDir };
    await restoreBackup(first, mongo);
    await expectRestored(mongo.store, mongo.files, seeded, dataDir);

    const second = join(aDir(), 'mongo.tar.gz');
    expect((await createBackup(mongo, second)).source.database).toBe('mongodb');
    const back = sqliteFs();
    await restoreBackup(second, back);
    await expectRestored(back.store, back.files, seeded, back.dataDir);
  });
});
