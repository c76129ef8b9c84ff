import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { aPng } from '../support/public-site-factories.ts';
import { TOKENS } from '../../src/container.ts';
import type { FileLink, SharedFileList, StoredFileDto } from '../../src/contracts/files.ts';
import { DEFAULT_UPLOAD_LIMITS } from '../../src/domain/storage/stored-file.ts';

interface UploadForm {
  name?: string;
  metadata?: string;
  bytes?: Uint8Array;
  type?: string;
  fileName?: string;
  /** Field order; the file goes last unless said otherwise. */
  order?: ('name' | 'metadata' | 'file')[];
}

const aMetadata = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ contentLanguage: 'en', cacheControl: 'private, max-age=60', customMetadata: { site: 'north-yard', kind: 'floor-plan' }, ...over });

function uploadFormData(form: UploadForm = {}): FormData {
  const fd = new FormData();
  const bytes = form.bytes ?? aPng(12);
  for (const field of form.order ?? ['name', 'metadata', 'file']) {
    if (field === 'name' && form.name !== '') fd.append('name', form.name ?? 'Gate wiring.png');
    if (field === 'metadata' && form.metadata !== '') fd.append('metadata', form.metadata ?? aMetadata());
    if (field === 'file') fd.append('file', new Blob([Buffer.from(bytes)], { type: form.type ?? 'image/png' }), form.fileName ?? 'upload.png');
  }
  return fd;
}

/** The stored-file fields as RULES.md R-STO-5 lists them. */
const R_STO_5_FIELDS =
  'bucket generation metageneration name fullPath size timeCreated updated md5Hash cacheControl contentDisposition contentEncoding contentLanguage contentType customMetadata downloadTokens'.split(' ');
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const seg = (path: string) => encodeURIComponent(path);

describe('shared files over HTTP', () => {
  let t: ListeningTestApp;
  let admin: TestClient;
  let employee: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    t = await listenTestApp();
    admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    employee = new TestClient(t.url);
    await employee.signIn(DEMO.employee);
    other = new TestClient(t.url);
    await other.signIn(DEMO.other);
  });
  afterAll(() => t.close());

  const post = async (client: TestClient, fd: FormData) =>
    client.raw('/api/files', { method: 'POST', headers: { origin: t.url, 'x-csrf-token': await client.csrfToken() }, body: fd });

  async function uploaded(form: UploadForm = {}): Promise<StoredFileDto> {
    const res = await post(admin, uploadFormData(form));
    expect(res.status).toBe(201);
    return (await res.json()) as StoredFileDto;
  }

  async function link(path: string): Promise<FileLink> {
    const res = await admin.send('POST', `/api/files/${seg(path)}/tokens`);
    expect(res.status).toBe(201);
    return (await res.json()) as FileLink;
  }

  /** What the storage folder holds for shared files (bytes and metadata files, uploads in progress). */
  const storedEntries = () => {
    const root = join(t.dataDir, 'files');
    const list = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
    return [...list(join(root, 'shared-files')), ...list(join(root, '.tmp'))];
  };

  it('[R-STO-5] an upload with a name and JSON metadata answers the full stored-file record, and metadata GET returns the same', async () => {
    const bytes = aPng(20);
    const file = await uploaded({ bytes, name: 'Gate wiring.png' });
    expect(file.fullPath).toMatch(/^shared-files\/[A-Za-z0-9-]+$/);

    const res = await admin.get(`/api/files/${seg(file.fullPath)}/metadata`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as StoredFileDto;
    expect(Object.keys(meta).sort()).toEqual(R_STO_5_FIELDS.sort());
    expect(meta).toMatchObject({
      fullPath: file.fullPath,
      name: file.fullPath.split('/').pop(),
      size: bytes.byteLength,
      md5Hash: md5(bytes),
      contentType: 'image/png',
      contentDisposition: 'attachment; filename="Gate wiring.png"',
      contentLanguage: 'en',
      cacheControl: 'private, max-age=60',
      contentEncoding: null,
      customMetadata: { site: 'north-yard', kind: 'floor-plan' },
      metageneration: '1',
      downloadTokens: [],
    });
    expect(typeof meta.bucket).toBe('string');
    expect(meta.generation).toMatch(/^\d+$/);
    expect(Date.parse(meta.timeCreated)).not.toBeNaN();
    expect(meta).toEqual(file);
  });

  it('[R-STO-6] a signed-in reader downloads the exact bytes with the stored headers', async () => {
    const bytes = aPng(24);
    const file = await uploaded({ bytes, name: 'Panel.png' });
    const res = await employee.get(`/api/files/${seg(file.fullPath)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Panel.png"');
    expect(res.headers.get('etag')).toBe(`"${md5(bytes)}"`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('[R-STO-6] without a session every file route answers 401 (unauthenticated)', async () => {
    const file = await uploaded();
    const anon = new TestClient(t.url);
    expect((await anon.get(`/api/files/${seg(file.fullPath)}/metadata`)).status).toBe(401);
    const download = await anon.get(`/api/files/${seg(file.fullPath)}`);
    expect(download.status).toBe(401);
    expect(((await download.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    expect((await post(anon, uploadFormData())).status).toBe(401);
    expect((await anon.send('POST', `/api/files/${seg(file.fullPath)}/tokens`)).status).toBe(401);
    expect((await anon.send('DELETE', `/api/files/${seg(file.fullPath)}`)).status).toBe(401);
  });

  it('[R-STO-6] a signed-in user without the role is refused with 403 (unauthorized)', async () => {
    const file = await uploaded();
    // Not staff: no reading at all.
    expect((await other.get(`/api/files/${seg(file.fullPath)}/metadata`)).status).toBe(403);
    expect((await other.get(`/api/files/${seg(file.fullPath)}`)).status).toBe(403);
    // Staff without admin rights: reads, but neither uploads, deletes nor hands out links…
    expect((await post(employee, uploadFormData())).status).toBe(403);
    expect((await employee.send('POST', `/api/files/${seg(file.fullPath)}/tokens`)).status).toBe(403);
    expect((await employee.send('DELETE', `/api/files/${seg(file.fullPath)}`)).status).toBe(403);
    // …nor sees the tokens of existing links.
    const { token } = await link(file.fullPath);
    const meta = (await (await employee.get(`/api/files/${seg(file.fullPath)}/metadata`)).json()) as StoredFileDto;
    expect(meta.downloadTokens).toEqual([]);
    const adminMeta = (await (await admin.get(`/api/files/${seg(file.fullPath)}/metadata`)).json()) as StoredFileDto;
    expect(adminMeta.downloadTokens).toEqual([token]);
  });

  it('[R-STO-5] [R-STO-6] the download URL built from a token serves the exact bytes without a session', async () => {
    const bytes = aPng(16, [200, 30, 30]);
    const file = await uploaded({ bytes, name: 'Certificate.png' });
    const created = await link(file.fullPath);
    expect(created.url).toBe(`${t.url}/api/files/public/${seg(file.fullPath)}?alt=media&token=${encodeURIComponent(created.token)}`);
    expect(created.file.downloadTokens).toEqual([created.token]);
    expect(created.file.metageneration).toBe('2');

    const res = await fetch(created.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(res.headers.get('etag')).toBe(`"${md5(bytes)}"`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('[R-STO-6] a revoked token stops working; a wrong token or another file’s token never worked', async () => {
    const file = await uploaded();
    const second = await uploaded();
    const first = await link(file.fullPath);
    const kept = await link(file.fullPath);
    const foreign = await link(second.fullPath);

    const revoked = await admin.send('DELETE', `/api/files/${seg(file.fullPath)}/tokens/${encodeURIComponent(first.token)}`);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as StoredFileDto).downloadTokens).toEqual([kept.token]);

    const gone = await fetch(first.url);
    expect(gone.status).toBe(403);
    expect(((await gone.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'forbidden',
      message: `User does not have permission to access '${file.fullPath}'.`,
    });
    expect((await fetch(kept.url)).status).toBe(200);
    expect((await fetch(kept.url.replace(/token=[^&]+/, 'token=not-a-token'))).status).toBe(403);
    expect((await fetch(foreign.url.replace(seg(second.fullPath), seg(file.fullPath)))).status).toBe(403);
    expect((await fetch(kept.url.replace(/&token=[^&]+/, ''))).status).toBe(400);
    // Revoking a token the file does not have is a 404, not a silent success.
    expect((await admin.send('DELETE', `/api/files/${seg(file.fullPath)}/tokens/${encodeURIComponent(first.token)}`)).status).toBe(404);
  });

  it('deleting a file removes it: metadata, download and its link all stop answering', async () => {
    const file = await uploaded();
    const { url } = await link(file.fullPath);
    expect((await admin.send('DELETE', `/api/files/${seg(file.fullPath)}`)).status).toBe(204);

    const meta = await admin.get(`/api/files/${seg(file.fullPath)}/metadata`);
    expect(meta.status).toBe(404);
    expect(((await meta.json()) as { error: { message: string } }).error.message).toBe(`Object '${file.fullPath}' does not exist.`);
    expect((await admin.get(`/api/files/${seg(file.fullPath)}`)).status).toBe(404);
    expect((await fetch(url)).status).toBe(403);
    expect((await admin.send('DELETE', `/api/files/${seg(file.fullPath)}`)).status).toBe(404);
  });

  it.each([
    ['metadata that is not JSON', { metadata: '{"customMetadata": ' }, 'metadata'],
    ['metadata with an unknown key', { metadata: JSON.stringify({ owner: 'me' }) }, 'metadata'],
    ['custom metadata that is not strings', { metadata: JSON.stringify({ customMetadata: { n: 1 } }) }, 'metadata.customMetadata.n'],
    ['no metadata part', { metadata: '' }, 'metadata'],
    ['no name part', { name: '' }, 'name'],
    ['the file before the fields', { order: ['file', 'name', 'metadata'] as UploadForm['order'] }, 'name'],
    ['a field after the file (the stored file is removed again)', { order: ['name', 'metadata', 'file', 'name'] as UploadForm['order'] }, 'name'],
  ])('[R-STO-5] an upload with %s is refused with 400 and nothing is stored', async (_what, form, field) => {
    const before = storedEntries();
    const res = await post(admin, uploadFormData(form));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields?: Record<string, string[]> } };
    expect(body.error.code).toBe('validation');
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
    expect(storedEntries()).toEqual(before);
  });

  it('an upload without a file part, or with bytes of a type not accepted, is refused and nothing is stored', async () => {
    const before = storedEntries();
    const noFile = new FormData();
    noFile.append('name', 'Nothing');
    noFile.append('metadata', '{}');
    const res = await post(admin, noFile);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty('file');

    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    const refused = await post(admin, uploadFormData({ bytes: html, type: 'text/html', fileName: 'x.html' }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/text\/html are not accepted/);
    expect(storedEntries()).toEqual(before);

    const notMultipart = await admin.send('POST', '/api/files', { name: 'x' });
    expect(notMultipart.status).toBe(415);
  });

  it('keeps a title with a slash as typed, downloads it under a safe name with its extension, and accepts office documents by their container', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, ...new Array(40).fill(1)]);
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const sheet = await uploaded({ bytes: zip, type: xlsx, fileName: 'prices.xlsx', name: 'Price list 11/2026 (Hikvision)', metadata: '{}' });
    expect(sheet.contentType).toBe(xlsx);
    const list = (await (await admin.get('/api/files?search=hikvision')).json()) as SharedFileList;
    expect(list.files.map((f) => f.name)).toEqual(['Price list 11/2026 (Hikvision)']);
    const res = await employee.get(`/api/files/${seg(sheet.fullPath)}`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Price list 11-2026 (Hikvision).xlsx"');
    expect(res.headers.get('content-type')).toBe(xlsx);

    // Word 97 (OLE2), a CSV that Windows declares as Excel, and a name with accents (RFC 8187 filename*).
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(40).fill(0)]);
    const doc = await uploaded({ bytes: ole, type: 'application/msword', fileName: 'contract.doc', name: 'Modèle de contrat', metadata: '{}' });
    expect((await employee.get(`/api/files/${seg(doc.fullPath)}`)).headers.get('content-disposition')).toBe(
      `attachment; filename="Mod_le de contrat.doc"; filename*=UTF-8''Mod%C3%A8le%20de%20contrat.doc`,
    );
    const csv = await uploaded({ bytes: new TextEncoder().encode('sku,price\nA,1\n'), type: 'application/vnd.ms-excel', fileName: 'stock.csv', name: 'Stock count.csv', metadata: '{}' });
    expect(csv.contentType).toBe('text/csv');
    expect((await employee.get(`/api/files/${seg(csv.fullPath)}`)).headers.get('content-disposition')).toBe('attachment; filename="Stock count.csv"');

    // A "Word document" that is really an HTML page is refused, and nothing is stored.
    const before = storedEntries();
    const fake = await post(admin, uploadFormData({ bytes: new TextEncoder().encode('<html></html>'), type: 'application/octet-stream', fileName: 'letter.docx', name: 'Letter', metadata: '{}' }));
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { error: { message: string } }).error.message).toBe('The file was declared as Word document but its content is not one.');
    expect(storedEntries()).toEqual(before);
  });

  it('a file over the storage limit is refused with the port’s message and nothing is stored', async () => {
    const before = storedEntries();
    const big = new Uint8Array(DEFAULT_UPLOAD_LIMITS.maxBytes + 1);
    big.set(aPng(4));
    const res = await post(admin, uploadFormData({ bytes: big }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('The file is larger than the 25 MB limit.');
    expect(storedEntries()).toEqual(before);
    // The server is still answering on the same client afterwards.
    expect((await post(admin, uploadFormData())).status).toBe(201);
  });

  it('../ in a name is neutralised and ../ in a path never reaches storage', async () => {
    const file = await uploaded({ name: '../../etc/passwd' });
    expect(file.fullPath).toMatch(/^shared-files\/[A-Za-z0-9-]+$/);
    expect(file.contentDisposition).toBe('attachment; filename="etc-passwd.png"');

    for (const path of ['../../etc/passwd', 'shared-files/../../etc/passwd', `shared-files/../${file.name}`, '/etc/passwd']) {
      expect((await admin.get(`/api/files/${seg(path)}/metadata`)).status, path).toBe(404);
      expect((await admin.get(`/api/files/${seg(path)}`)).status, path).toBe(404);
      expect((await fetch(`${t.url}/api/files/public/${seg(path)}?alt=media&token=x`)).status, path).toBe(403);
    }
  });

  it('files of other features (outside the shared folder) are not reachable through these routes', async () => {
    const files = t.container.resolve(TOKENS.Files);
    const photo = await files.upload({ folder: 'quote-photos', data: aPng(8), contentType: 'image/png', withDownloadToken: true });
    expect((await admin.get(`/api/files/${seg(photo.fullPath)}/metadata`)).status).toBe(404);
    expect((await admin.get(`/api/files/${seg(photo.fullPath)}`)).status).toBe(404);
    expect((await admin.send('DELETE', `/api/files/${seg(photo.fullPath)}`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/files/public/${seg(photo.fullPath)}?alt=media&token=${photo.downloadTokens[0]}`)).status).toBe(403);
    expect((await files.getMetadata(photo.fullPath)).fullPath).toBe(photo.fullPath);
  });

  describe('the list', () => {
    // Starts from an empty shared folder, so order, totals and pages are known.
    beforeAll(async () => {
      const files = t.container.resolve(TOKENS.Files);
      for await (const f of files.list({ folder: 'shared-files' })) await files.delete(f.fullPath);
    });

    /** Uploads one after another (a few ms apart, so their creation times differ). */
    async function uploadAll(files: { name: string; size: number; description?: string }[]): Promise<StoredFileDto[]> {
      const out: StoredFileDto[] = [];
      for (const f of files) {
        const metadata = JSON.stringify(f.description === undefined ? {} : { customMetadata: { description: f.description } });
        const res = await post(admin, uploadFormData({ name: f.name, metadata, bytes: aPng(f.size) }));
        expect(res.status).toBe(201);
        out.push((await res.json()) as StoredFileDto);
        await new Promise((r) => setTimeout(r, 5));
      }
      return out;
    }
    const list = async (client: TestClient, query = '') => {
      const res = await client.get(`/api/files${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as SharedFileList;
    };
    const names = (l: SharedFileList) => l.files.map((f) => f.name);

    it('lists the shared folder newest first with names, descriptions and, for admins only, link counts', async () => {
      const [manual, cert] = await uploadAll([
        { name: 'Alarm panel manual.png', size: 10, description: 'Model X200' },
        { name: 'Größe Zertifikat.png', size: 12 },
      ]);
      // Another feature's file in the same storage is not a shared file.
      await t.container.resolve(TOKENS.Files).upload({ folder: 'quote-photos', data: aPng(9), contentType: 'image/png', fileName: 'Driveway.png' });
      await admin.send('POST', `/api/files/${seg(cert!.fullPath)}/tokens`);
      await admin.send('POST', `/api/files/${seg(cert!.fullPath)}/tokens`);

      const asAdmin = await list(admin);
      expect(asAdmin.total).toBe(2);
      expect(asAdmin.nextCursor).toBeNull();
      expect(asAdmin.files).toEqual([
        {
          path: cert!.fullPath,
          name: 'Größe Zertifikat.png',
          description: null,
          size: cert!.size,
          contentType: 'image/png',
          timeCreated: cert!.timeCreated,
          updated: expect.any(String) as string,
          links: 2,
        },
        {
          path: manual!.fullPath,
          name: 'Alarm panel manual.png',
          description: 'Model X200',
          size: manual!.size,
          contentType: 'image/png',
          timeCreated: manual!.timeCreated,
          updated: manual!.updated,
          links: 0,
        },
      ]);
      const asEmployee = await list(employee);
      expect(asEmployee.files.map((f) => [f.name, f.links])).toEqual([
        ['Größe Zertifikat.png', null],
        ['Alarm panel manual.png', null],
      ]);
    });

    it('is for staff only: 401 without a session, 403 for a signed-in non-staff user', async () => {
      expect((await new TestClient(t.url).get('/api/files')).status).toBe(401);
      expect((await other.get('/api/files')).status).toBe(403);
    });

    it('searches names case-insensitively, sorts by name, size or creation either way, and pages with a cursor', async () => {
      await uploadAll([
        { name: 'Wiring TEMPLATE b.png', size: 30 },
        { name: 'wiring template a.png', size: 40 },
        { name: 'Invoice template.png', size: 20 },
      ]);
      expect(names(await list(employee, '?search=WIRING%20template'))).toEqual(['wiring template a.png', 'Wiring TEMPLATE b.png']);
      expect(names(await list(employee, '?search=template&sort=name'))).toEqual(['Invoice template.png', 'wiring template a.png', 'Wiring TEMPLATE b.png']);
      expect(names(await list(employee, '?search=template&sort=name&dir=desc'))).toEqual(['Wiring TEMPLATE b.png', 'wiring template a.png', 'Invoice template.png']);
      expect(names(await list(employee, '?search=template&sort=size&dir=asc'))).toEqual(['Invoice template.png', 'Wiring TEMPLATE b.png', 'wiring template a.png']);
      expect(names(await list(employee, '?search=template&sort=created&dir=asc'))).toEqual(['Wiring TEMPLATE b.png', 'wiring template a.png', 'Invoice template.png']);
      expect((await list(employee, '?search=nothing-like-this')).files).toEqual([]);

      const all = await list(employee);
      const pages: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await list(employee, `?limit=2${cursor === '' ? '' : `&cursor=${cursor}`}`);
        expect(page.files.length).toBeLessThanOrEqual(2);
        expect(page.total).toBe(all.total);
        pages.push(...names(page));
        cursor = page.nextCursor;
      }
      expect(pages).toEqual(names(all));
      expect(pages.length).toBe(all.total);
    });

    it('refuses unknown or malformed query parameters with 400', async () => {
      for (const q of ['?sort=md5', '?dir=up', '?limit=0', '?limit=101', '?cursor=abc', '?folder=quote-photos', `?search=${'x'.repeat(101)}`]) {
        const res = await employee.get(`/api/files${q}`);
        expect(res.status, q).toBe(400);
      }
    });
  });
});
