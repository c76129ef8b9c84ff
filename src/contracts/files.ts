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

/** Columns the shared-files list sorts by. */
export const SHARED_FILE_SORTS = ['created', 'name', 'size'] as const;
export type SharedFileSort = (typeof SHARED_FILE_SORTS)[number];

/** The custom-metadata key the back office stores an upload's description under. */
export const DESCRIPTION_KEY = 'description';
/** The custom-metadata key the name is kept under exactly as typed ("Price list 11/2026 (Hikvision)"). */
export const TITLE_KEY = 'title';
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_FILE_NAME_LENGTH = 200;

/**
 * GET /api/files: `search` (the name contains it, case-insensitive), `sort` (newest first by
 * default; `dir` defaults to asc for name, desc otherwise), a page of `limit`, `cursor` from
 * the previous page's `nextCursor`.
 */
export const sharedFileListQuerySchema = z
  .object({
    search: z.string().trim().max(100).default(''),
    sort: z.enum(SHARED_FILE_SORTS).default('created'),
    dir: z.enum(['asc', 'desc']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().regex(/^\d{1,6}$/, 'Use the nextCursor of the previous page.').optional(),
  })
  .strict();
export type SharedFileListQuery = z.input<typeof sharedFileListQuerySchema>;

/** One row of the shared-files list. */
export const sharedFileSummarySchema = z.object({
  /** The stored file's fullPath (percent-encode it as one URL segment). */
  path: z.string(),
  /** The uploader's name for it (the attachment name people download it as). */
  name: z.string(),
  description: z.string().nullable(),
  size: z.number().int(),
  contentType: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
  /** Active download links; null for those who may not manage links (non-admins). */
  links: z.number().int().nullable(),
});
export type SharedFileSummary = z.infer<typeof sharedFileSummarySchema>;

export const sharedFileListSchema = z.object({
  files: z.array(sharedFileSummarySchema),
  /** Files matching the search, over all pages. */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type SharedFileList = z.infer<typeof sharedFileListSchema>;
