import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { DownloadResult } from '../domain/storage/file-storage.ts';
import { attachmentDisposition } from '../domain/storage/stored-file.ts';

/** Stored bytes are never run or rendered as part of this site: no sniffing, no scripts. */
const SANDBOX = "default-src 'none'; sandbox";

/** An uploaded file (a lead's or a job's photo, a signature) with the type and disposition it was stored with. */
export function sendStoredFile(reply: FastifyReply, file: DownloadResult) {
  return reply
    .header('Content-Type', file.metadata.contentType)
    .header('Content-Disposition', file.metadata.contentDisposition ?? 'attachment')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', SANDBOX)
    .send(Readable.from(file.body));
}

/** An image a use case opened (a floor plan, an analysed photo), as an attachment under its own name. */
export function sendImage(
  reply: FastifyReply,
  image: { contentType: string; size: number; fileName: string; body: AsyncIterable<Uint8Array> },
  cacheControl: 'no-store' | 'private, no-store',
) {
  return reply
    .type(image.contentType)
    .header('Content-Length', String(image.size))
    .header('Content-Disposition', attachmentDisposition(image.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl)
    .header('Content-Security-Policy', SANDBOX)
    .send(Readable.from(image.body));
}

/** A PDF a use case rendered (an invoice, a sign-off), as an attachment under its own name. */
export function sendPdf(reply: FastifyReply, pdf: { bytes: Uint8Array; fileName: string }) {
  return reply.type('application/pdf').header('cache-control', 'private, no-store').header('content-disposition', attachmentDisposition(pdf.fileName)).send(Buffer.from(pdf.bytes));
}
