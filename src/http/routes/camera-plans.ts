import { z } from 'zod';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { readMultipart } from '../multipart.ts';
import { sendImage } from '../file-responses.ts';
import {
  bomSchema,
  cameraPlanCreateSchema,
  cameraPlanListQuerySchema,
  cameraPlanPageSchema,
  cameraPlanParamsSchema,
  cameraPlanSaveSchema,
  cameraPlanSchema,
  type CameraPlanDto,
  type CameraPlanSummaryDto,
} from '../../contracts/camera-plans.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { bomTotalCents } from '../../domain/planner/bill-of-materials.ts';
import { cameraPlanContent, MAX_FLOOR_PLAN_BYTES, type CameraPlan } from '../../domain/planner/camera-plan.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { attachmentDisposition } from '../../domain/storage/stored-file.ts';
import type { CameraPlanDeps } from '../../application/camera-plans/camera-plan-deps.ts';
import { canEditPlans } from '../../application/camera-plans/camera-plan-access.ts';
import { cameraPlanPlaces, type CameraPlanPlace } from '../../application/camera-plans/camera-plan-places.ts';
import { cameraPlanBom } from '../../application/camera-plans/camera-plan-bom.ts';
import { createCameraPlan } from '../../application/camera-plans/create-camera-plan.ts';
import { deleteCameraPlan } from '../../application/camera-plans/delete-camera-plan.ts';
import { exportCameraPlanPdf } from '../../application/camera-plans/export-camera-plan-pdf.ts';
import { getCameraPlan } from '../../application/camera-plans/get-camera-plan.ts';
import { listCameraPlans } from '../../application/camera-plans/list-camera-plans.ts';
import { openFloorPlan } from '../../application/camera-plans/open-floor-plan.ts';
import { saveCameraPlan } from '../../application/camera-plans/save-camera-plan.ts';
import { uploadFloorPlan } from '../../application/camera-plans/upload-floor-plan.ts';

const VIEW = { access: needs('viewProposals') };
const EDIT = { access: needs('editProposals') };
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const base = (id: string) => `/api/camera-plans/${encodeURIComponent(id)}`;

const NO_PLACE: CameraPlanPlace = { clientName: null, siteLabel: null };

function toDto(p: CameraPlan, place: CameraPlanPlace, auth: AuthState): CameraPlanDto {
  return {
    id: p.id,
    clientId: p.clientId,
    siteId: p.siteId,
    ...place,
    ...cameraPlanContent(p),
    version: p.version,
    floorPlan: p.floorPlan
      ? { contentType: p.floorPlan.contentType, fileName: p.floorPlan.fileName, sizeBytes: p.floorPlan.sizeBytes, widthPx: p.floorPlan.widthPx, heightPx: p.floorPlan.heightPx, url: `${base(p.id)}/floor-plan?v=${p.version}` }
      : null,
    createdBy: p.createdBy,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    canEdit: canEditPlans(auth),
  };
}

export const cameraPlanRoutes: FastifyPluginAsyncZod<CameraPlanDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_FLOOR_PLAN_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 5, headerPairs: 100 } });
  const dto = async (p: CameraPlan, auth: AuthState) => toDto(p, (await cameraPlanPlaces(deps, auth, [p])).get(p.id) ?? NO_PLACE, auth);

  app.get('/api/camera-plans', { config: VIEW, schema: { querystring: cameraPlanListQuerySchema, response: { 200: cameraPlanPageSchema, ...errors } } }, async (req) => {
    const page = await listCameraPlans(deps, req.auth, req.query);
    const places = await cameraPlanPlaces(deps, req.auth, page.items);
    const items: CameraPlanSummaryDto[] = page.items.map((p) => ({
      id: p.id,
      clientId: p.clientId,
      siteId: p.siteId,
      ...(places.get(p.id) ?? NO_PLACE),
      name: p.name,
      version: p.version,
      updatedAt: p.updatedAt,
      createdBy: p.createdBy,
      cameraCount: p.cameras.length,
      hasFloorPlan: p.floorPlan !== null,
    }));
    return { items, nextCursor: page.nextCursor };
  });

  app.post('/api/camera-plans', { config: EDIT, schema: { body: cameraPlanCreateSchema, response: { 201: cameraPlanSchema, ...errors } } }, async (req, reply) => {
    const plan = await createCameraPlan(deps, req.auth, req.body);
    return reply.status(201).send(await dto(plan, req.auth));
  });

  app.get('/api/camera-plans/:id', { config: VIEW, schema: { params: cameraPlanParamsSchema, response: { 200: cameraPlanSchema, ...errors } } }, async (req) =>
    dto(await getCameraPlan(deps, req.auth, req.params.id), req.auth),
  );

  app.put(
    '/api/camera-plans/:id',
    { config: EDIT, schema: { params: cameraPlanParamsSchema, body: cameraPlanSaveSchema, response: { 200: cameraPlanSchema, ...errors } } },
    async (req) => {
      const { version, ...drawing } = req.body;
      return dto(await saveCameraPlan(deps, req.auth, req.params.id, version, drawing), req.auth);
    },
  );

  app.delete('/api/camera-plans/:id', { config: EDIT, schema: { params: cameraPlanParamsSchema, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await deleteCameraPlan(deps, req.auth, req.params.id);
    return reply.status(204).send(null);
  });

  app.put(
    '/api/camera-plans/:id/floor-plan',
    { config: EDIT, schema: { consumes: ['multipart/form-data'], params: cameraPlanParamsSchema, response: { 200: cameraPlanSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema } } },
    async (req) => {
      const body = await readMultipart(req, {
        notMultipart: new DomainError('unsupported-media-type', 'Send the floor plan as multipart/form-data (fields "version" and "file").'),
        overLimit: () => new DomainError('payload-too-large', `The floor plan is larger than the ${MAX_FLOOR_PLAN_BYTES / 1048576} MB limit.`),
      });
      if (body.files.some((f) => f.field !== 'file') || body.files.length > 1) throw new DomainError('validation', 'Send one floor plan per request, in the field "file".');
      const unexpected = Object.keys(body.lists).find((name) => name !== 'version' || body.lists[name]?.length !== 1 || !/^\d{1,9}$/.test(body.fields[name] ?? ''));
      if (unexpected !== undefined) throw new DomainError('validation', `Unexpected field "${unexpected}".`);
      const [file] = body.files;
      const version = body.fields['version'] === undefined ? null : Number(body.fields['version']);
      if (!file) throw new DomainError('validation', 'Choose a floor-plan image.', { file: ['Choose a floor-plan image.'] });
      if (version === null) throw new DomainError('validation', 'Say which version of the plan this replaces.', { version: ['Required.'] });
      return dto(await uploadFloorPlan(deps, req.auth, req.params.id, version, file), req.auth);
    },
  );

  app.get('/api/camera-plans/:id/floor-plan', { config: VIEW, schema: { params: cameraPlanParamsSchema } }, async (req, reply) => {
    return sendImage(reply, await openFloorPlan(deps, req.auth, req.params.id), 'private, no-store');
  });

  app.get('/api/camera-plans/:id/bom', { config: VIEW, schema: { params: cameraPlanParamsSchema, response: { 200: bomSchema, ...errors } } }, async (req) => {
    const lines = await cameraPlanBom(deps, req.auth, req.params.id);
    return { lines, totalCents: bomTotalCents(lines) };
  });

  app.get('/api/camera-plans/:id/pdf', { config: VIEW, schema: { params: cameraPlanParamsSchema } }, async (req, reply) => {
    const { bytes, fileName } = await exportCameraPlanPdf(deps, req.auth, req.params.id);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(bytes));
  });
};
