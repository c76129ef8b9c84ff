import { PassThrough } from 'node:stream';
import { randomBytes } from 'node:crypto';

/** A log stream for `listenTestApp(…, { logStream })` that keeps everything the server logged. */
export function logCapture(): { stream: PassThrough; text: () => string; lines: () => Record<string, unknown>[] } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return {
    stream,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** A secret-looking value, unique enough to be searched for in a log. */
export const aSecret = () => `Sx${randomBytes(16).toString('base64url')}`;
