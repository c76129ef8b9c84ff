import { z } from 'zod';
import { text } from './text.ts';

/**
 * The camera-planner API (src/http/routes/camera-plans.ts), shared with the SPA
 * (web/src/features/camera-planner). The shapes mirror src/domain/planner/camera-plan.ts; the
 * domain's `validateCameraPlanContent` checks what a shape cannot (unique ids, scale, sizes).
 * The floor-plan upload is multipart/form-data with one `file` part (PNG or JPEG).
 */
export const DORI_LEVEL_NAMES = ['detect', 'observe', 'recognise', 'identify'] as const;
export const WALL_KIND_NAMES = ['wall', 'glass', 'door'] as const;

const coord = z.number({ error: 'Must be a number.' }).min(-1e7).max(1e7);
const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Ids are letters, digits, - and _.');
const pointSchema = z.object({ x: coord, y: coord }).strict();
const boundsSchema = z.object({ minX: coord, minY: coord, maxX: coord, maxY: coord }).strict();

export const wallSchema = z.object({ id, a: pointSchema, b: pointSchema, kind: z.enum(WALL_KIND_NAMES), open: z.boolean().optional() }).strict();

export const planCameraSchema = z
  .object({
    id,
    itemId: z.string().min(1).max(100).nullable(),
    model: z.string().trim().max(120),
    label: z.string().trim().max(60).optional(),
    position: pointSchema,
    headingDeg: z.number().min(-3600).max(3600),
    hfovDeg: z.number(),
    vfovDeg: z.number().min(1).max(180).optional(),
    rangeM: z.number().optional(),
    mountHeightM: z.number(),
    tiltDeg: z.number(),
    hres: z.number().int('Whole pixels.'),
  })
  .strict();

export const areaSchema = z
  .object({ id, name: z.string().trim().max(80).optional(), polygon: z.array(pointSchema).max(200), required: z.enum(DORI_LEVEL_NAMES) })
  .strict();

const scaleSchema = z.object({ a: pointSchema, b: pointSchema, distanceM: z.number().positive('The distance must be more than 0.').max(10_000) }).strict();

const floorPlanSchema = z.object({ path: z.string(), contentType: z.string(), fileName: z.string(), sizeBytes: z.number(), widthPx: z.number(), heightPx: z.number() });

const planName = text('Give the plan a name.').trim().min(1, 'Give the plan a name.').max(120, 'Name: 120 characters at most.');

/** PUT /api/camera-plans/:id — the whole drawing plus the version it was loaded at. */
export const cameraPlanSaveSchema = z
  .object({
    version: z.number().int().min(1),
    name: planName,
    scale: scaleSchema.nullable(),
    metresPerUnit: z.number().positive().max(1e6),
    bounds: boundsSchema,
    targetHeightM: z.number().min(0).max(10).default(0),
    walls: z.array(wallSchema).max(2000, 'At most 2000 walls.'),
    cameras: z.array(planCameraSchema).max(64, 'At most 64 cameras.'),
    areas: z.array(areaSchema).max(200, 'At most 200 areas.'),
  })
  .strict();
export type CameraPlanSave = z.input<typeof cameraPlanSaveSchema>;

/** POST /api/camera-plans — a new plan on a blank grid; upload a floor plan into it afterwards. */
export const cameraPlanCreateSchema = z
  .object({
    clientId: z.string().trim().min(1, 'Pick a client.').max(100),
    siteId: z.string().trim().min(1, 'Pick a site.').max(100),
    name: planName,
    gridWidthM: z.number({ error: 'Enter the width in metres.' }).min(2, 'At least 2 m.').max(1000, 'At most 1000 m.').default(30),
    gridHeightM: z.number({ error: 'Enter the depth in metres.' }).min(2, 'At least 2 m.').max(1000, 'At most 1000 m.').default(20),
  })
  .strict();
export type CameraPlanCreate = z.input<typeof cameraPlanCreateSchema>;

export const cameraPlanSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  siteId: z.string(),
  clientName: z.string().nullable(),
  siteLabel: z.string().nullable(),
  name: z.string(),
  version: z.number(),
  floorPlan: floorPlanSchema.omit({ path: true }).extend({ url: z.string() }).nullable(),
  scale: scaleSchema.nullable(),
  metresPerUnit: z.number(),
  bounds: boundsSchema,
  targetHeightM: z.number(),
  walls: z.array(wallSchema),
  cameras: z.array(planCameraSchema),
  areas: z.array(areaSchema),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** False for view-only users: the SPA hides every edit control. */
  canEdit: z.boolean(),
});
export type CameraPlanDto = z.infer<typeof cameraPlanSchema>;
export type PlanCameraDto = z.infer<typeof planCameraSchema>;
export type WallDto = z.infer<typeof wallSchema>;
export type AreaDto = z.infer<typeof areaSchema>;

export const cameraPlanSummarySchema = cameraPlanSchema.pick({
  id: true,
  clientId: true,
  siteId: true,
  clientName: true,
  siteLabel: true,
  name: true,
  version: true,
  updatedAt: true,
  createdBy: true,
}).extend({ cameraCount: z.number(), hasFloorPlan: z.boolean() });
export type CameraPlanSummaryDto = z.infer<typeof cameraPlanSummarySchema>;

export const cameraPlanPageSchema = z.object({ items: z.array(cameraPlanSummarySchema), nextCursor: z.string().nullable() });

export const cameraPlanListQuerySchema = z.object({
  clientId: z.string().max(100).optional(),
  siteId: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});

export const cameraPlanParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const bomLineSchema = z.object({
  description: z.string(),
  qty: z.number(),
  unitPriceCents: z.number(),
  taxRateBp: z.number(),
  itemId: z.string().nullable(),
});
export type BomLineDto = z.infer<typeof bomLineSchema>;
export const bomSchema = z.object({ lines: z.array(bomLineSchema), totalCents: z.number() });
export type BomDto = z.infer<typeof bomSchema>;
