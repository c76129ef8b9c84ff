import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { imageSourceListSchema, imageSourceQuerySchema, analyseSourceRequestSchema, visionAnalysisSchema } from '../../contracts/vision.ts';
import { analyseImageSource, listImageSources, type ImageSourceDeps } from '../../application/vision/image-sources.ts';
import { toDto } from './vision.ts';

const ACCESS = { access: needs('useVisionAi') };
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Picking images already in the system (job and quote-request photos) for the vision tool. */
export const visionSourceRoutes: FastifyPluginAsyncZod<ImageSourceDeps> = async (app, deps) => {
  app.get(
    '/api/vision/sources',
    { config: ACCESS, schema: { querystring: imageSourceQuerySchema, response: { 200: imageSourceListSchema, ...errors } } },
    async (req) => ({ images: await listImageSources(deps, req.auth, { clientId: req.query.clientId, siteId: req.query.siteId ?? null, jobId: req.query.jobId ?? null }) }),
  );

  app.post(
    '/api/vision/analyses/from-source',
    { config: ACCESS, schema: { body: analyseSourceRequestSchema, response: { 201: visionAnalysisSchema, ...errors, 429: apiErrorSchema } } },
    async (req, reply) => {
      const saved = await analyseImageSource(deps, req.auth, { ref: req.body.ref, contractId: req.body.contractId ?? null, note: req.body.note ?? null });
      req.log.info({ visionAnalysisId: saved.id, detections: saved.detections.length, source: req.body.ref.split(':')[0] }, 'picked image analysed');
      return reply.status(201).send(toDto(saved));
    },
  );
};
