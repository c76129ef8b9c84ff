import { z } from 'zod';

/**
 * The shared-files API (src/http/routes/files.ts; docs/storage.md "HTTP routes"). An upload is
 * multipart/form-data: a `name` field (the file name people see when they download it), a
 * `metadata` field holding JSON (`fileUploadMetadataSchema`), then the `file` part, last.
 * Paths in URLs are the stored file's `fullPath`, percent-encoded as one segment.
 */

/** The JSON in the upload's `metadata` field; every key is optional. */
export const fileUploadMetadataSchema = z
  .object({
    contentType: z.string().max(255).optional(),
    cacheControl: z.string().max(256).optional(),
    contentEncoding: z.string().max(256).optional(),
    contentLanguage: z.string().max(256).optional(),
    customMetadata: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type FileUploadMetadata = z.infer<typeof fileUploadMetadataSchema>;

/** The stored-file record (R-STO-5); absent optional headers are null. */
export const storedFileSchema = z.object({
  bucket: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  name: z.string(),
  fullPath: z.string(),
  size: z.number().int(),
  timeCreated: z.string(),
  updated: z.string(),
  md5Hash: z.string(),
  cacheControl: z.string().nullable(),
  contentDisposition: z.string().nullable(),
  contentEncoding: z.string().nullable(),
  contentLanguage: z.string().nullable(),
  contentType: z.string(),
  customMetadata: z.record(z.string(), z.string()),
  /** Shown to those who may manage download links (admins); empty for everyone else. */
  downloadTokens: z.array(z.string()),
});
export type StoredFileDto = z.infer<typeof storedFileSchema>;

/** A new download link: the token and the public URL built from it. */
export const fileLinkSchema = z.object({ token: z.string(), url: z.string(), file: storedFileSchema });
export type FileLink = z.infer<typeof fileLinkSchema>;

export const filePathParamsSchema = z.object({ path: z.string().min(1).max(300) });
export const fileTokenParamsSchema = filePathParamsSchema.extend({ token: z.string().min(1).max(200) });
/** The download-token URL's query, as `buildDownloadUrl` writes it. */
export const fileTokenQuerySchema = z.object({ alt: z.literal('media'), token: z.string().min(1).max(200) });
