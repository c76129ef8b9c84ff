import type { IncomingMessage, ServerResponse } from 'node:http';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './temp-dir.ts';

/**
 * A fault the peer plays on demand: answer `status` (500, 503…) with an S3 error body instead of
 * serving, and/or answer only after `delayMs`. `times` limits how many requests it hits
 * (undefined: every one until cleared); `match` picks which requests (default: all).
 */
export interface S3Fault {
  status?: number;
  delayMs?: number;
  times?: number;
  match?: (req: IncomingMessage) => boolean;
}

/**
 * An s3rver on 127.0.0.1 (a free port on first start) keeping its data in `dir`, so the test can
 * stop it (dropping open connections, as a crash would) and start it again on the same port.
 */
export class S3Peer {
  readonly dir: string;
  readonly bucket: string;
  port = 0;
  #server: S3rver | undefined;
  onRequest: ((req: IncomingMessage) => void) | undefined;
  /** Set to make the peer fail or answer slowly (see S3Fault); undefined serves normally. */
  fault: S3Fault | undefined;
  /** Requests the current and past faults answered or delayed. */
  faulted = 0;

  constructor(dir: string, bucket = 'test-files') {
    this.dir = dir;
    this.bucket = bucket;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get url(): string {
    return `s3://${this.bucket}?endpoint=${encodeURIComponent(this.endpoint)}&region=us-east-1&accessKeyId=S3RVER&secretAccessKey=S3RVER`;
  }

  async start(): Promise<void> {
    const server = new S3rver({
      address: '127.0.0.1',
      port: this.port,
      silent: true,
      directory: this.dir,
      configureBuckets: [{ name: this.bucket }],
    });
    const addr = await server.run();
    this.port = addr.port;
    // Faults go in front of s3rver's own handler: its listeners are taken off and called by ours.
    const serve = server.httpServer.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.httpServer.removeAllListeners('request');
    server.httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.onRequest?.(req);
      const f = this.fault;
      const hit = f !== undefined && (f.times === undefined || f.times > 0) && (f.match?.(req) ?? true);
      const pass = () => serve.forEach((l) => l.call(server.httpServer, req, res));
      if (!hit) return pass();
      if (f.times !== undefined) f.times -= 1;
      this.faulted += 1;
      const act = () => {
        // A client that gave up (its deadline passed) is not served late.
        if (res.destroyed || req.socket.destroyed) return;
        if (f.status === undefined) return pass();
        req.resume();
        res.writeHead(f.status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${f.status === 503 ? 'ServiceUnavailable' : 'InternalError'}</Code><Message>Injected fault ${f.status}</Message></Error>`);
      };
      if (f.delayMs) setTimeout(act, f.delayMs);
      else act();
    });
    this.#server = server;
  }

  /** Stops at once: open connections are cut, as when the peer dies. */
  async stop(): Promise<void> {
    const s = this.#server;
    if (!s) return;
    this.#server = undefined;
    const closed = s.close();
    s.httpServer.closeAllConnections();
    await closed;
  }

  get running(): boolean {
    return this.#server !== undefined;
  }

  async keys(client: S3Client): Promise<string[]> {
    const r = await client.send(new ListObjectsV2Command({ Bucket: this.bucket }));
    return (r.Contents ?? []).map((o) => o.Key ?? '');
  }
}

/**
 * One peer for a test file: started before its tests, stopped and wiped after. `admin()` is
 * a plain S3 client for reading back what the bucket really holds.
 */
export function s3PeerForSuite(): { peer: S3Peer; admin: () => S3Client } {
  const dir = tempDir('s3rver-');
  const peer = new S3Peer(dir.path);
  let client: S3Client | undefined;
  beforeAll(async () => {
    await peer.start();
    client = new S3Client({
      endpoint: peer.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await peer.stop();
    dir.remove();
  });
  return {
    peer,
    admin: () => {
      if (!client) throw new Error('the S3 peer is not started yet');
      return client;
    },
  };
}
