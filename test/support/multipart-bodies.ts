/** Hand-built multipart/form-data bodies, for requests a browser would never send. */
export interface RawPart {
  name: string;
  /** A file part when set (may be ''), a text field otherwise. */
  fileName?: string;
  contentType?: string;
  value: string | Uint8Array;
}

export const CRLF = '\r\n';

/** The body for `parts`, ended by the closing boundary (cut it short to truncate it). */
export function multipartBody(parts: readonly RawPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName === undefined ? '' : `; filename="${p.fileName}"`}`;
    const head = `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${p.contentType ? `Content-Type: ${p.contentType}${CRLF}` : ''}${CRLF}`;
    chunks.push(Buffer.from(head), Buffer.from(p.value), Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

export const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

