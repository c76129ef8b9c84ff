import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  itemIdParamsSchema,
  itemListQuerySchema,
  itemListResponseSchema,
  itemRequestSchema,
  itemSchema,
  itemViewResponseSchema,
  lowStockResponseSchema,
  movementListQuerySchema,
  movementListResponseSchema,
  movementRequestSchema,
  movementResponseSchema,
  movementParamsSchema,
  reverseRequestSchema,
  reverseResponseSchema,
  serialParamsSchema,
  serialSchema,
} from '../../contracts/inventory.ts';
import type { InventoryViewDeps } from '../../application/inventory/inventory-deps.ts';
import { listInventoryItems } from '../../application/inventory/list-inventory-items.ts';
import { getInventoryItem } from '../../application/inventory/get-inventory-item.ts';
import { createInventoryItem } from '../../application/inventory/create-inventory-item.ts';
import { updateInventoryItem } from '../../application/inventory/update-inventory-item.ts';
import { recordStockMovement } from '../../application/inventory/record-stock-movement.ts';
import { reverseStockMovement } from '../../application/inventory/reverse-stock-movement.ts';
import { listStockMovements } from '../../application/inventory/list-stock-movements.ts';
import { getSerialHistory } from '../../application/inventory/get-serial-history.ts';
import { lowStockReport } from '../../application/inventory/low-stock-report.ts';
import { exportInventoryCsv } from '../../application/inventory/export-inventory-csv.ts';

const VIEW = needs('viewInventory');
const EDIT = needs('editInventory');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The inventory manager's API (/admin/inventory). Reads need viewInventory, changes editInventory. */
export const inventoryRoutes: FastifyPluginAsyncZod<InventoryViewDeps> = async (app, deps) => {
  app.get(
    '/api/inventory/items',
    { config: { access: VIEW }, schema: { querystring: itemListQuerySchema, response: { 200: itemListResponseSchema, ...errors } } },
    async (req) => {
      const q = req.query;
      return listInventoryItems(deps, req.auth, {
        search: q.search,
        category: q.category ?? null,
        lowStock: q.lowStock === undefined ? null : q.lowStock === 'true',
        sort: q.sort,
        direction: q.dir,
        limit: q.limit,
        cursor: q.cursor ?? null,
      });
    },
  );

  app.post(
    '/api/inventory/items',
    { config: { access: EDIT }, schema: { body: itemRequestSchema, response: { 201: itemSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createInventoryItem(deps, req.auth, req.body)),
  );

  app.get(
    '/api/inventory/items/:id',
    { config: { access: VIEW }, schema: { params: itemIdParamsSchema, response: { 200: itemViewResponseSchema, ...errors } } },
    async (req) => getInventoryItem(deps, req.auth, req.params.id),
  );

  app.put(
    '/api/inventory/items/:id',
    { config: { access: EDIT }, schema: { params: itemIdParamsSchema, body: itemRequestSchema, response: { 200: itemSchema, ...errors } } },
    async (req) => updateInventoryItem(deps, req.auth, req.params.id, req.body),
  );

  app.get(
    '/api/inventory/items/:id/movements',
    {
      config: { access: VIEW },
      schema: { params: itemIdParamsSchema, querystring: movementListQuerySchema, response: { 200: movementListResponseSchema, ...errors } },
    },
    async (req) => listStockMovements(deps, req.auth, req.params.id, { limit: req.query.limit, cursor: req.query.cursor ?? null }),
  );

  app.post(
    '/api/inventory/items/:id/movements',
    { config: { access: EDIT }, schema: { params: itemIdParamsSchema, body: movementRequestSchema, response: { 201: movementResponseSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await recordStockMovement(deps, req.auth, req.params.id, req.body)),
  );

  app.post(
    '/api/inventory/items/:id/movements/:movementId/reverse',
    { config: { access: EDIT }, schema: { params: movementParamsSchema, body: reverseRequestSchema, response: { 201: reverseResponseSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await reverseStockMovement(deps, req.auth, req.params.id, req.params.movementId, req.body.reason)),
  );

  app.get(
    '/api/inventory/items/:id/serials/:serial',
    { config: { access: VIEW }, schema: { params: serialParamsSchema, response: { 200: serialSchema, ...errors } } },
    async (req) => getSerialHistory(deps, req.auth, req.params.id, req.params.serial),
  );

  app.get(
    '/api/inventory/low-stock',
    { config: { access: VIEW }, schema: { response: { 200: lowStockResponseSchema } } },
    async (req) => lowStockReport(deps, req.auth),
  );

  app.get('/api/inventory/export.csv', { config: { access: VIEW } }, async (req, reply) => {
    const csv = await exportInventoryCsv(deps, req.auth);
    const day = deps.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inventory-${day}.csv"`)
      .send(csv);
  });
};
