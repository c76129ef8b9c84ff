import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { tempDir } from '../support/temp-dir.ts';
import { pickCoding } from '../../src/http/plugins/spa.ts';

/** A build folder of our own: the pages' bytes are known, whatever dist/web holds. */
function fakeBuild() {
  const dir = tempDir('spa-build-');
  mkdirSync(join(dir.path, 'prerendered'));
  const services = `<!doctype html><html><body><div id="root" data-prerendered><h1>Our services</h1>${'<p>Alarm monitoring, cameras and access control for homes and businesses.</p>'.repeat(300)}</div></body></html>`;
  const index = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1.js"></script></body></html>';
  const home = '<!doctype html><html><body><div id="root" data-prerendered><h1>Welcome home</h1></div></body></html>';
  writeFileSync(join(dir.path, 'index.html'), index);
  writeFileSync(join(dir.path, 'prerendered', 'services.html'), services);
  writeFileSync(join(dir.path, 'prerendered', 'index.html'), home);
  return { dir, services, index, home };
}

describe('public pages from memory (issue 16)', () => {
  const build = fakeBuild();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STATIC_DIR: build.dir.path });
  });
  afterAll(async () => {
    await t.close();
    build.dir.remove();
  });

  it('sends a browser the brotli body, with Vary and an ETag, and it decodes to the page', async () => {
    const res = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(res.rawPayload.length).toBeLessThan(build.services.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(build.services);
  });

  it('sends gzip to a client without brotli, and the plain page to one that takes neither', async () => {
    const gz = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toMatch(/-gz"$/);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(build.services);
    const plain = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(build.services);
    expect(new Set([gz.headers.etag, plain.headers.etag]).size).toBe(2);
  });

  it('answers 304 without a body when the browser holds the current copy, 200 when it holds another', async () => {
    const first = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'br' } });
    const again = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const stale = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'br', 'if-none-match': '"some-older-build-br"' } });
    expect(stale.statusCode).toBe(200);
    expect(brotliDecompressSync(stale.rawPayload).toString()).toBe(build.services);
  });

  it('serves the prerendered home page on / and index.html for deep links, from memory too', async () => {
    const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(home.body).toBe(build.home);
    const deep = await t.app.inject({ url: '/admin/clients?x=1', headers: { 'accept-encoding': 'gzip' } });
    expect(deep.statusCode).toBe(200);
    expect(gunzipSync(deep.rawPayload).toString()).toBe(build.index);
    expect((await t.app.inject({ method: 'HEAD', url: '/services' })).statusCode).toBe(200);
    expect((await t.app.inject('/api/nope')).statusCode).toBe(404);
  });

  it('picks up a rebuilt page within a second, with a new ETag', async () => {
    const before = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'br' } });
    const rebuilt = build.services.replace('Our services', 'What we install');
    writeFileSync(join(build.dir.path, 'prerendered', 'services.html'), rebuilt);
    await new Promise((r) => setTimeout(r, 1100));
    const after = await t.app.inject({ url: '/services', headers: { 'accept-encoding': 'br', 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(brotliDecompressSync(after.rawPayload).toString()).toBe(rebuilt);
  });
});

describe('pickCoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickCoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickCoding('BR;q=0.5')).toBe('br');
    expect(pickCoding('*')).toBe('gzip');
    expect(pickCoding('gzip;q=0, deflate')).toBe('identity');
    expect(pickCoding(undefined)).toBe('identity');
  });
});
