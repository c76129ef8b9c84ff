import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { PUBLIC } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  fileLinkSchema,
  filePathParamsSchema,
  fileTokenParamsSchema,
  fileTokenQuerySchema,
  sharedFileListQuerySchema,
  sharedFileListSchema,
  storedFileSchema,
  type StoredFileDto,
} from '../../contracts/files.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { DownloadResult, FileStorage, StoredFile } from '../../domain/storage/file-storage.ts';
import { DEFAULT_UPLOAD_LIMITS } from '../../domain/storage/stored-file.ts';
import { mayManageSharedFiles, SHARED_FILES_ACCESS } from '../../application/files/shared-file-access.ts';
import { uploadSharedFile, type UploadPart } from '../../application/files/upload-shared-file.ts';
import { listSharedFiles } from '../../application/files/list-shared-files.ts';
import { getSharedFileMetadata, openSharedFile, openSharedFileByToken } from '../../application/files/read-shared-files.ts';
import { createSharedFileLink, deleteSharedFile, revokeSharedFileLink } from '../../application/files/manage-shared-files.ts';

export interface FileRoutesDeps {
  files: FileStorage;
  /** The site's public address; download-token URLs start with `<baseUrl>/api/files/public`. */
  baseUrl: string;
}

const READ = { access: SHARED_FILES_ACCESS.read };
const MANAGE = { access: SHARED_FILES_ACCESS.manage };
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** R-STO-5 record; download tokens only for those who may manage links. */
const toDto = (f: StoredFile, auth: AuthState): StoredFileDto => ({
  ...f,
  cacheControl: f.cacheControl ?? null,
  contentDisposition: f.contentDisposition ?? null,
  contentEncoding: f.contentEncoding ?? null,
  contentLanguage: f.contentLanguage ?? null,
  downloadTokens: mayManageSharedFiles(auth) ? f.downloadTokens : [],
});

/** Streams a stored file with its own headers; never cached (a revoked link must stop working). */
function sendFile(reply: FastifyReply, { metadata: m, body }: DownloadResult) {
  reply
    .header('Content-Type', m.contentType)
    .header('Content-Length', String(m.size))
    .header('Content-Disposition', m.contentDisposition ?? 'attachment')
    .header('ETag', `"${m.md5Hash}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (m.contentEncoding) reply.header('Content-Encoding', m.contentEncoding);
  if (m.contentLanguage) reply.header('Content-Language', m.contentLanguage);
  return reply.send(Readable.from(body));
}

/** The request's multipart parts in the shape the upload use case reads. */
async function* uploadParts(parts: AsyncIterable<Multipart>): AsyncGenerator<UploadPart> {
  for await (const part of parts) {
    if (part.type === 'field') {
      yield { kind: 'field', field: part.fieldname, value: typeof part.value === 'string' ? part.value : JSON.stringify(part.value) };
    } else {
      yield { kind: 'file', field: part.fieldname, declaredType: part.mimetype || undefined, data: part.file, discard: () => part.file.resume(), fileName: part.filename };
    }
  }
}

/**
 * Shared files (docs/storage.md "HTTP routes"): staff read, admins upload, delete and hand out
 * download links; the link URL works without a session until its token is revoked (R-STO-6).
 * Multipart parsing is registered inside this plugin only.
 */
export const fileRoutes: FastifyPluginAsyncZod<FileRoutesDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, {
    // One byte over the storage limit reaches the port, which refuses it with its own message.
    limits: { fileSize: DEFAULT_UPLOAD_LIMITS.maxBytes + 1, files: 1, fields: 4, fieldSize: 4096, parts: 5 },
  });
  const linkBase = `${deps.baseUrl.replace(/\/+$/, '')}/api/files/public`;

  app.post('/api/files', { config: MANAGE, schema: { consumes: ['multipart/form-data'], response: { 201: storedFileSchema, ...errors, 415: apiErrorSchema } } }, async (req, reply) => {
    if (!req.isMultipart()) {
      return reply
        .status(415)
        .send({ error: { code: 'unsupported-media-type', message: 'Send the file as multipart/form-data (fields "name" and "metadata", then "file").' } });
    }
    const stored = await uploadSharedFile(deps, req.auth, uploadParts(req.parts() as AsyncIterable<Multipart>));
    return reply.status(201).send(toDto(stored, req.auth));
  });

  app.get(
    '/api/files',
    { config: READ, schema: { querystring: sharedFileListQuerySchema, response: { 200: sharedFileListSchema, ...errors } } },
    async (req) => listSharedFiles(deps, req.auth, req.query),
  );

  app.get(
    '/api/files/:path/metadata',
    { config: READ, schema: { params: filePathParamsSchema, response: { 200: storedFileSchema, ...errors } } },
    async (req) => toDto(await getSharedFileMetadata(deps, req.auth, req.params.path), req.auth),
  );

  app.get('/api/files/:path', { config: READ, compress: false, schema: { params: filePathParamsSchema } }, async (req, reply) =>
    sendFile(reply, await openSharedFile(deps, req.auth, req.params.path)),
  );

  // The download-token URL (buildDownloadUrl): no session needed, the token is the credential.
  app.get(
    '/api/files/public/:path',
    {
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: '1 minute' } },
      compress: false,
      schema: { params: filePathParamsSchema, querystring: fileTokenQuerySchema },
    },
    async (req, reply) => {
      reply.header('X-Robots-Tag', 'noindex');
      return sendFile(reply, await openSharedFileByToken(deps, req.params.path, req.query.token));
    },
  );

  app.post(
    '/api/files/:path/tokens',
    { config: MANAGE, schema: { params: filePathParamsSchema, response: { 201: fileLinkSchema, ...errors } } },
    async (req, reply) => {
      const link = await createSharedFileLink(deps, req.auth, req.params.path, linkBase);
      return reply.status(201).send({ ...link, file: toDto(link.file, req.auth) });
    },
  );

  app.delete(
    '/api/files/:path/tokens/:token',
    { config: MANAGE, schema: { params: fileTokenParamsSchema, response: { 200: storedFileSchema, ...errors } } },
    async (req) => toDto(await revokeSharedFileLink(deps, req.auth, req.params.path, req.params.token), req.auth),
  );

  app.delete('/api/files/:path', { config: MANAGE, schema: { params: filePathParamsSchema, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await deleteSharedFile(deps, req.auth, req.params.path);
    return reply.status(204).send(null);
  });
};
