import { z } from 'zod';
import { auditEntrySchema, referenceLabelsSchema } from './audit.ts';
import { text } from './text.ts';
import { centsToDecimal, decimalToCents, parseMoney } from '../domain/shared/money.ts';

/**
 * Inventory API and form schemas, shared by src/http/routes/inventory.ts and the SPA
 * (web/src/features/inventory). Money crosses the API as integer cents; the forms take dollars
 * and convert with `toItemRequest`. The lists below repeat the domain's on purpose: contracts
 * import only zod (dependency rule), and test/unit/inventory/contracts.test.ts proves they agree.
 */
export const ITEM_CATEGORIES = ['panel', 'sensor', 'camera', 'nvr', 'cable', 'power', 'accessory', 'labour-free'] as const;
export const CATEGORY_LABELS: Record<(typeof ITEM_CATEGORIES)[number], string> = {
  panel: 'Panel',
  sensor: 'Sensor',
  camera: 'Camera',
  nvr: 'NVR',
  cable: 'Cable',
  power: 'Power',
  accessory: 'Accessory',
  'labour-free': 'Labour-free',
};
export const MOVEMENT_KINDS = ['receive', 'reserve', 'release', 'use', 'adjust', 'return'] as const;
/** Stored movements may also be reversals (POST …/movements/:movementId/reverse), never recorded as a kind. */
export const RECORDED_KINDS = [...MOVEMENT_KINDS, 'reverse'] as const;
export const RETURN_DIRECTIONS = ['from-job', 'to-supplier'] as const;
export const ITEM_SORTS = ['sku', 'name', 'category', 'onHand', 'available', 'unitPriceCents', 'updatedAt'] as const;
export const SERIAL_STATUSES = ['in-stock', 'reserved', 'installed', 'returned', 'written-off'] as const;
/** What each movement kind reads as, in the form's picker and in lists and history. */
export const MOVEMENT_KIND_LABELS: Record<(typeof RECORDED_KINDS)[number], string> = {
  receive: 'Received from supplier',
  use: 'Used on a job',
  reserve: 'Reserved',
  release: 'Reservation released',
  return: 'Returned',
  adjust: 'Count adjusted',
  reverse: 'Reversal',
};
export const DIRECTION_LABELS: Record<(typeof RETURN_DIRECTIONS)[number], string> = { 'from-job': 'from a job', 'to-supplier': 'to the supplier' };
export const SERIAL_STATUS_LABELS: Record<(typeof SERIAL_STATUSES)[number], string> = {
  'in-stock': 'In stock',
  reserved: 'Reserved',
  installed: 'Installed',
  returned: 'Returned',
  'written-off': 'Written off',
};

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be whole cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(10_000_000_000, `${label} is too large.`);
const count = (label: string) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(0, `${label} cannot be negative.`).max(1_000_000, `${label} is too large.`);
const positive = (label: string, max: number) =>
  z.number({ error: `${label} must be a number.` }).positive(`${label} must be more than 0.`).max(max, `${label} is at most ${max}.`);

export const cameraSpecsSchema = z
  .object({
    horizontalResolutionPx: z.number({ error: 'Resolution must be a number.' }).int('Whole pixels.').min(160, 'At least 160 px.').max(16_000, 'At most 16 000 px.'),
    horizontalFovDeg: positive('Field of view', 360).nullable().default(null),
    focalLengthMm: positive('Focal length', 1000).nullable().default(null),
    sensorWidthMm: positive('Sensor width', 100).nullable().default(null),
  })
  .strict();

export const itemRequestSchema = z
  .object({
    sku: text('Enter a SKU.').trim().min(1, 'Enter a SKU.').max(40, 'SKU: 40 characters at most.').regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, dot, dash or underscore.'),
    name: text('Enter a name.').trim().min(2, 'Name: at least 2 characters.').max(120, 'Name: 120 characters at most.'),
    category: z.enum(ITEM_CATEGORIES, { error: 'Pick a category.' }),
    description: z.string().trim().max(2000, 'Description: 2000 characters at most.').default(''),
    supplier: z.string().trim().max(120, 'Supplier: 120 characters at most.').default(''),
    unitCostCents: cents('Unit cost'),
    unitPriceCents: cents('Unit price'),
    reorderPoint: count('Reorder point'),
    reorderQuantity: count('Reorder quantity'),
    packSize: z.number().int().min(1, 'Pack size is at least 1.').max(10_000).default(1),
    serialized: z.boolean().default(false),
    camera: cameraSpecsSchema.nullable().default(null),
  })
  .strict();
export type ItemRequest = z.input<typeof itemRequestSchema>;
export type ItemRequestParsed = z.output<typeof itemRequestSchema>;

const optionalRef = z
  .string()
  .trim()
  .max(100, '100 characters at most.')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const movementRequestSchema = z
  .object({
    kind: z.enum(MOVEMENT_KINDS, { error: 'Pick a movement type.' }),
    quantity: z.number({ error: 'Quantity must be a number.' }).int('Quantity must be a whole number.').min(-1_000_000).max(1_000_000),
    serials: z.array(z.string().max(64, 'A serial number is 64 characters at most.')).max(500, 'At most 500 serial numbers.').default([]),
    reason: z.string().trim().max(500, 'Reason: 500 characters at most.').default(''),
    jobId: optionalRef,
    proposalId: optionalRef,
    siteId: optionalRef,
    supplier: optionalRef,
    fromReservation: z.boolean().default(false),
    direction: z.enum(RETURN_DIRECTIONS).nullable().default(null),
  })
  .strict();
export type MovementRequest = z.input<typeof movementRequestSchema>;
export type MovementRequestParsed = z.output<typeof movementRequestSchema>;

export const itemListQuerySchema = z.object({
  search: z.string().max(100).default(''),
  category: z.enum(ITEM_CATEGORIES).optional(),
  lowStock: z.enum(['true', 'false']).optional(),
  sort: z.enum(ITEM_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});
export type ItemListQuery = z.input<typeof itemListQuerySchema>;

export const itemIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const serialParamsSchema = z.object({ id: z.string().min(1).max(100), serial: z.string().min(1).max(64) });
export const movementListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), cursor: z.string().max(1000).optional() });

// ---- responses ------------------------------------------------------------------------------

export const itemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.enum(ITEM_CATEGORIES),
  description: z.string(),
  supplier: z.string(),
  unitCostCents: z.number(),
  unitPriceCents: z.number(),
  reorderPoint: z.number(),
  reorderQuantity: z.number(),
  packSize: z.number(),
  serialized: z.boolean(),
  camera: z
    .object({
      horizontalResolutionPx: z.number(),
      horizontalFovDeg: z.number().nullable(),
      focalLengthMm: z.number().nullable(),
      sensorWidthMm: z.number().nullable(),
    })
    .nullable(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  lowStock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItemDto = z.infer<typeof itemSchema>;

export const movementSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  sku: z.string(),
  kind: z.enum(RECORDED_KINDS),
  quantity: z.number(),
  onHandDelta: z.number(),
  reservedDelta: z.number(),
  onHandAfter: z.number(),
  reservedAfter: z.number(),
  serials: z.array(z.string()),
  reason: z.string(),
  jobId: z.string().nullable(),
  proposalId: z.string().nullable(),
  siteId: z.string().nullable(),
  supplier: z.string().nullable(),
  fromReservation: z.boolean(),
  direction: z.enum(RETURN_DIRECTIONS).nullable(),
  /** reverse: the movement it undoes. */
  reverses: z.string().nullable().optional(),
  /** The reversal that undid this movement. */
  reversedBy: z.string().nullable().optional(),
  actorId: z.string(),
  actorName: z.string(),
  at: z.string(),
});
export type StockMovementDto = z.infer<typeof movementSchema>;

export const serialSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  sku: z.string(),
  serial: z.string(),
  status: z.enum(SERIAL_STATUSES),
  jobId: z.string().nullable(),
  siteId: z.string().nullable(),
  reservedFor: z.string().nullable(),
  receivedAt: z.string(),
  installedAt: z.string().nullable(),
  history: z.array(
    z.object({
      at: z.string(),
      movementId: z.string(),
      kind: z.string(),
      status: z.enum(SERIAL_STATUSES),
      jobId: z.string().nullable(),
      siteId: z.string().nullable(),
      proposalId: z.string().nullable(),
      supplier: z.string().nullable(),
      actorName: z.string(),
    }),
  ),
  labels: referenceLabelsSchema.optional(),
});
export type SerialDto = z.infer<typeof serialSchema>;

export const reorderSuggestionSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  name: z.string(),
  available: z.number(),
  reorderPoint: z.number(),
  quantity: z.number(),
  unitCostCents: z.number(),
  costCents: z.number(),
});
export type ReorderSuggestionDto = z.infer<typeof reorderSuggestionSchema>;

export const itemListResponseSchema = z.object({ items: z.array(itemSchema), nextCursor: z.string().nullable() });
export type ItemListResponse = z.infer<typeof itemListResponseSchema>;
export const movementListResponseSchema = z.object({ items: z.array(movementSchema), nextCursor: z.string().nullable(), labels: referenceLabelsSchema.optional() });
export type MovementListResponse = z.infer<typeof movementListResponseSchema>;

export const itemViewResponseSchema = z.object({
  item: itemSchema,
  movements: movementListResponseSchema,
  serials: z.array(serialSchema),
  reorder: reorderSuggestionSchema.nullable(),
  /** The item's audit trail, newest first: details edited, every movement. */
  history: z.array(auditEntrySchema),
  /** Names of the jobs, sites and proposals its movements and serials refer to. */
  labels: referenceLabelsSchema,
});
export type ItemViewResponse = z.infer<typeof itemViewResponseSchema>;

export const movementResponseSchema = z.object({ item: itemSchema, movement: movementSchema, serials: z.array(serialSchema) });

export const movementParamsSchema = z.object({ id: z.string().min(1).max(100), movementId: z.string().min(1).max(200) });
export const reverseRequestSchema = z.object({ reason: z.string().trim().max(500, 'Reason: 500 characters at most.').default('') }).strict();
export type ReverseRequest = z.input<typeof reverseRequestSchema>;
export const reverseResponseSchema = movementResponseSchema.extend({ original: movementSchema });
export type ReverseResponse = z.infer<typeof reverseResponseSchema>;
export type MovementResponse = z.infer<typeof movementResponseSchema>;

export const lowStockResponseSchema = z.object({ suggestions: z.array(reorderSuggestionSchema), totalCostCents: z.number() });
export type LowStockResponse = z.infer<typeof lowStockResponseSchema>;

// ---- forms (the SPA) ------------------------------------------------------------------------

/** An amount as people type it ("129.99", "$1,089.50"), read by the one money parser; not negative. */
const dollarsText = (label: string) =>
  z
    .string()
    .trim()
    .refine((s) => {
      const parsed = parseMoney(s);
      return parsed.ok && parsed.cents >= 0 && parsed.cents < 1e10;
    }, `${label}: an amount like 129.99 or $1,089.50.`);
const wholeText = (label: string) => z.string().trim().regex(/^\d{1,7}$/, `${label}: a whole number, 0 or more.`);
const optionalNumberText = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{1,5}(\.\d{1,3})?)?$/, `${label}: a number.`);

/** The item form as typed: money in dollars, numbers as text. */
export const itemFormSchema = z
  .object({
    sku: itemRequestSchema.shape.sku,
    name: itemRequestSchema.shape.name,
    category: z.enum(ITEM_CATEGORIES, { error: 'Pick a category.' }),
    description: z.string().max(2000, 'Description: 2000 characters at most.'),
    supplier: z.string().max(120, 'Supplier: 120 characters at most.'),
    unitCost: dollarsText('Unit cost'),
    unitPrice: dollarsText('Unit price'),
    reorderPoint: wholeText('Reorder point'),
    reorderQuantity: wholeText('Reorder quantity'),
    packSize: z.string().trim().regex(/^[1-9]\d{0,3}$/, 'Pack size: a whole number from 1.'),
    serialized: z.boolean(),
    resolution: z.string().trim().regex(/^(\d{3,5})?$/, 'Resolution: pixels, e.g. 2688.'),
    fov: optionalNumberText('Field of view'),
    focalLength: optionalNumberText('Focal length'),
    sensorWidth: optionalNumberText('Sensor width'),
  })
  .superRefine((f, ctx) => {
    if (f.category !== 'camera') return;
    if (f.resolution === '') ctx.addIssue({ code: 'custom', path: ['resolution'], message: 'Cameras need their horizontal resolution.' });
    if (f.fov === '' && (f.focalLength === '' || f.sensorWidth === ''))
      ctx.addIssue({ code: 'custom', path: ['fov'], message: 'Give the field of view, or the focal length and the sensor width.' });
  });
export type ItemForm = z.infer<typeof itemFormSchema>;

const amountCents = (s: string): number => {
  const parsed = parseMoney(s);
  return parsed.ok ? parsed.cents : decimalToCents(s);
};
const numOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

export function toItemRequest(f: ItemForm): ItemRequestParsed {
  return {
    sku: f.sku.trim(),
    name: f.name.trim(),
    category: f.category,
    description: f.description.trim(),
    supplier: f.supplier.trim(),
    unitCostCents: amountCents(f.unitCost),
    unitPriceCents: amountCents(f.unitPrice),
    reorderPoint: Number(f.reorderPoint),
    reorderQuantity: Number(f.reorderQuantity),
    packSize: Number(f.packSize),
    serialized: f.serialized,
    camera:
      f.category === 'camera'
        ? { horizontalResolutionPx: Number(f.resolution), horizontalFovDeg: numOrNull(f.fov), focalLengthMm: numOrNull(f.focalLength), sensorWidthMm: numOrNull(f.sensorWidth) }
        : null,
  };
}

export function toItemForm(i: InventoryItemDto | null): ItemForm {
  return {
    sku: i?.sku ?? '',
    name: i?.name ?? '',
    category: i?.category ?? 'sensor',
    description: i?.description ?? '',
    supplier: i?.supplier ?? '',
    unitCost: i ? centsToDecimal(i.unitCostCents) : '0.00',
    unitPrice: i ? centsToDecimal(i.unitPriceCents) : '0.00',
    reorderPoint: String(i?.reorderPoint ?? 0),
    reorderQuantity: String(i?.reorderQuantity ?? 0),
    packSize: String(i?.packSize ?? 1),
    serialized: i?.serialized ?? false,
    resolution: i?.camera ? String(i.camera.horizontalResolutionPx) : '',
    fov: i?.camera?.horizontalFovDeg != null ? String(i.camera.horizontalFovDeg) : '',
    focalLength: i?.camera?.focalLengthMm != null ? String(i.camera.focalLengthMm) : '',
    sensorWidth: i?.camera?.sensorWidthMm != null ? String(i.camera.sensorWidthMm) : '',
  };
}

/** The movement form as typed: serials one per line (or separated by commas/spaces). */
export const movementFormSchema = z
  .object({
    kind: z.enum(MOVEMENT_KINDS),
    quantity: z.string().trim().regex(/^-?\d{1,6}$/, 'Quantity: a whole number.'),
    serialsText: z.string().max(40_000),
    reason: z.string().max(500, 'Reason: 500 characters at most.'),
    jobId: z.string().max(100),
    proposalId: z.string().max(100),
    siteId: z.string().max(100),
    supplier: z.string().max(100),
    fromReservation: z.boolean(),
    direction: z.enum(RETURN_DIRECTIONS),
  })
  .superRefine((f, ctx) => {
    const q = Number(f.quantity);
    if (q === 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Quantity cannot be 0.' });
    if (f.kind !== 'adjust' && q < 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Quantity must be positive (use an adjustment to correct down).' });
    if (f.kind === 'adjust' && f.reason.trim().length < 3) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the count changes.' });
    if (f.kind === 'use' && f.jobId.trim() === '') ctx.addIssue({ code: 'custom', path: ['jobId'], message: 'Job: find the job it was used on and pick it from the list.' });
    if ((f.kind === 'reserve' || f.kind === 'release') && f.jobId.trim() === '' && f.proposalId.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['proposalId'], message: 'A proposal or job is required.' });
  });
export type MovementForm = z.infer<typeof movementFormSchema>;

export const splitSerials = (t: string): string[] => t.split(/[\s,;]+/).map((s) => s.trim()).filter((s) => s !== '');

export function toMovementRequest(f: MovementForm): MovementRequestParsed {
  const ref = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    kind: f.kind,
    quantity: Number(f.quantity),
    serials: splitSerials(f.serialsText),
    reason: f.reason.trim(),
    jobId: ref(f.jobId),
    proposalId: ref(f.proposalId),
    siteId: ref(f.siteId),
    supplier: ref(f.supplier),
    fromReservation: f.kind === 'use' && f.fromReservation,
    direction: f.kind === 'return' ? f.direction : null,
  };
}
