import type { ReferenceNames } from '../../domain/audit/references.ts';
import { z } from 'zod';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { readMultipart } from '../multipart.ts';
import { sendImage } from '../file-responses.ts';
import { topLevelField, validationError } from '../../application/shared/field-errors.ts';
import {
  visionAnalysisListQuerySchema,
  visionAnalysisPageSchema,
  visionAnalysisPatchSchema,
  visionAnalysisSchema,
  visionIdParamsSchema,
  visionUploadFieldsSchema,
  type VisionAnalysisDto,
} from '../../contracts/vision.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { VisionAnalysis } from '../../domain/vision/vision-analysis.ts';
import { isVisionError } from '../../domain/vision/vision-error.ts';
import { analyseImage, type AnalyseImageDeps } from '../../application/vision/analyse-image.ts';
import { listVisionAnalyses } from '../../application/vision/list-vision-analyses.ts';
import { getVisionAnalysis } from '../../application/vision/get-vision-analysis.ts';
import { updateVisionAnalysis } from '../../application/vision/update-vision-analysis.ts';
import { deleteVisionAnalysis } from '../../application/vision/delete-vision-analysis.ts';
import { openVisionImage } from '../../application/vision/open-vision-image.ts';

/** Seconds a client is asked to wait when the detector's queue is full. */
export const RETRY_AFTER_SECONDS = 5;

const ACCESS = { access: needs('useVisionAi') };
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

export const toDto = (a: VisionAnalysis): VisionAnalysisDto => ({
  id: a.id,
  fileName: a.fileName,
  contentType: a.contentType,
  sizeBytes: a.sizeBytes,
  width: a.width,
  height: a.height,
  detections: a.detections,
  labels: a.labels,
  model: a.model,
  inputSize: a.inputSize,
  timeMs: a.timeMs,
  createdBy: a.createdBy,
  clientId: a.clientId,
  siteId: a.siteId,
  jobId: a.jobId,
  contractId: a.contractId,
  note: a.note,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  imageUrl: `/api/vision/analyses/${encodeURIComponent(a.id)}/image`,
});

export const visionRoutes: FastifyPluginAsyncZod<AnalyseImageDeps & { names: ReferenceNames }> = async (app, deps) => {
  // Registered inside this plugin, so only these routes accept multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: deps.maxImageBytes, files: 1, fields: 8, fieldSize: 4096, parts: 10, headerPairs: 100 },
  });

  app.post(
    '/api/vision/analyses',
    { config: ACCESS, schema: { consumes: ['multipart/form-data'], response: { 201: visionAnalysisSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema } } },
    async (req, reply) => {
      const body = await readMultipart(req, {
        notMultipart: new DomainError('unsupported-media-type', 'Send the image as multipart/form-data (field "image").'),
        overLimit: () => new DomainError('payload-too-large', `The image is larger than the ${Math.round(deps.maxImageBytes / 1048576)} MB limit, or the request has too many parts.`),
      });
      if (body.files.some((f) => f.field !== 'image') || body.files.length > 1) throw new DomainError('validation', 'Send one image per request, in the field "image".');
      const [image] = body.files;
      const fields = body.fields;
      if (!image) throw new DomainError('validation', 'Choose an image to analyse.', { image: ['Choose an image to analyse.'] });
      const parsed = visionUploadFieldsSchema.safeParse(fields);
      // A message about a field that was not sent goes to the form as a whole.
      if (!parsed.success) throw validationError(parsed.error.issues, { key: (path) => (Object.hasOwn(fields, topLevelField(path)) ? topLevelField(path) : '_'), unknownKeys: 'on-parent' });
      const { note, ...links } = parsed.data;
      try {
        const saved = await analyseImage(deps, req.auth, { bytes: image.bytes, fileName: image.fileName, links, note: note ?? null });
        req.log.info({ visionAnalysisId: saved.id, detections: saved.detections.length, timeMs: saved.timeMs }, 'image analysed');
        return reply.status(201).send(toDto(saved));
      } catch (e) {
        if (isVisionError(e) && e.reason === 'queue-full') reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw e;
      }
    },
  );

  app.get(
    '/api/vision/analyses',
    { config: ACCESS, schema: { querystring: visionAnalysisListQuerySchema, response: { 200: visionAnalysisPageSchema, ...errors } } },
    async (req) => {
      const page = await listVisionAnalyses(deps, req.auth, req.query);
      return { items: page.items.map(toDto), nextCursor: page.nextCursor, names: page.names };
    },
  );

  app.get(
    '/api/vision/analyses/:id',
    { config: ACCESS, schema: { params: visionIdParamsSchema, response: { 200: visionAnalysisSchema, ...errors } } },
    async (req) => toDto(await getVisionAnalysis(deps, req.auth, req.params.id)),
  );

  app.patch(
    '/api/vision/analyses/:id',
    { config: ACCESS, schema: { params: visionIdParamsSchema, body: visionAnalysisPatchSchema, response: { 200: visionAnalysisSchema, ...errors } } },
    async (req) => toDto(await updateVisionAnalysis(deps, req.auth, req.params.id, req.body)),
  );

  app.delete(
    '/api/vision/analyses/:id',
    { config: ACCESS, schema: { params: visionIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteVisionAnalysis(deps, req.auth, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/vision/analyses/:id/image',
    { config: ACCESS, schema: { params: visionIdParamsSchema } },
    async (req, reply) => {
      return sendImage(reply, await openVisionImage(deps, req.auth, req.params.id), 'no-store');
    },
  );
};
