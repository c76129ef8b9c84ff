import { z } from 'zod';

/**
 * The vision-AI API (docs/vision.md), shared by src/http/routes/vision.ts and the SPA.
 * The upload itself is multipart/form-data: one `image` file part plus the optional text
 * fields of `visionUploadFieldsSchema`.
 */
export const VISION_LINK_FIELDS = ['clientId', 'siteId', 'jobId', 'contractId'] as const;
export type VisionLinkField = (typeof VISION_LINK_FIELDS)[number];

// Free ids (until each area has a picker); printable text, no control characters.
const linkId = z
  .string({ error: 'Must be text.' })
  .trim()
  .max(100, 'At most 100 characters.')
  .regex(/^[^\p{Cc}]*$/u, 'Use printable characters only.');

export const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const detectionSchema = z.object({ label: z.string(), score: z.number(), box: boxSchema });
export type DetectionDto = z.infer<typeof detectionSchema>;

export const visionAnalysisSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  width: z.number(),
  height: z.number(),
  detections: z.array(detectionSchema),
  labels: z.array(z.string()),
  model: z.string(),
  inputSize: z.number(),
  timeMs: z.number(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  clientId: z.string().nullable(),
  siteId: z.string().nullable(),
  jobId: z.string().nullable(),
  contractId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** GET this for the image bytes (same permission). */
  imageUrl: z.string(),
});
export type VisionAnalysisDto = z.infer<typeof visionAnalysisSchema>;

export const visionAnalysisPageSchema = z.object({
  items: z.array(visionAnalysisSchema),
  nextCursor: z.string().nullable(),
  /** Names of the clients, sites, jobs and contracts the items are linked to (id → name). */
  names: z.record(z.string(), z.string()).optional(),
});
export type VisionAnalysisPageDto = z.infer<typeof visionAnalysisPageSchema>;

/** Text fields that may come with the image part. */
export const visionUploadFieldsSchema = z
  .object({
    clientId: linkId.optional(),
    siteId: linkId.optional(),
    jobId: linkId.optional(),
    contractId: linkId.optional(),
    note: z.string({ error: 'Must be text.' }).trim().max(2000, 'At most 2000 characters.').optional(),
  })
  .strict();
export type VisionUploadFields = z.infer<typeof visionUploadFieldsSchema>;

/** PATCH /api/vision/analyses/:id — "Save to…" and the note; null or '' clears a field. */
export const visionAnalysisPatchSchema = z
  .object({
    clientId: linkId.nullable().optional(),
    siteId: linkId.nullable().optional(),
    jobId: linkId.nullable().optional(),
    contractId: linkId.nullable().optional(),
    note: z.string({ error: 'Must be text.' }).trim().max(2000, 'At most 2000 characters.').nullable().optional(),
  })
  .strict();
export type VisionAnalysisPatch = z.input<typeof visionAnalysisPatchSchema>;

// ISO instants are compared as text in the store, so they are normalised to toISOString's form.
const instant = z.iso
  .datetime({ offset: true, error: 'Use an ISO date-time such as 2026-01-31T00:00:00Z.' })
  .transform((v) => new Date(v).toISOString());

const optionalText = (max: number) => z.string().trim().min(1).max(max).optional();

/** GET /api/vision/analyses query: filters and paging. */
export const visionAnalysisListQuerySchema = z
  .object({
    label: optionalText(40),
    clientId: optionalText(100),
    siteId: optionalText(100),
    jobId: optionalText(100),
    contractId: optionalText(100),
    from: instant.optional(),
    to: instant.optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: z.string().min(1).max(2000).optional(),
  })
  .strict();
export type VisionAnalysisListQuery = z.input<typeof visionAnalysisListQuerySchema>;

export const visionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Images already stored (job photos, the client's quote-request photos) the tool can analyse. */
export const imageSourceQuerySchema = z.object({
  clientId: z.string().min(1, 'Pick a client.').max(100),
  siteId: z.string().min(1).max(100).optional(),
  jobId: z.string().min(1).max(100).optional(),
});
export const imageSourceSchema = z.object({
  ref: z.string(),
  kind: z.enum(['job-photo', 'lead-photo']),
  label: z.string(),
  fileName: z.string().nullable(),
  takenAt: z.string(),
  clientId: z.string(),
  siteId: z.string().nullable(),
  jobId: z.string().nullable(),
  imageUrl: z.string(),
});
export type ImageSourceDto = z.infer<typeof imageSourceSchema>;
export const imageSourceListSchema = z.object({ images: z.array(imageSourceSchema) });
export const analyseSourceRequestSchema = z
  .object({
    ref: z.string().min(3, 'Pick an image.').max(300),
    contractId: z.string().trim().min(1).max(100).optional(),
    note: z.string().max(2000, '2000 characters at most.').optional(),
  })
  .strict();
