import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  billingKeyParamsSchema,
  billingPreviewSchema,
  billingRunSchema,
  contractIdParamsSchema,
  contractListQuerySchema,
  contractListResponseSchema,
  contractRequestSchema,
  contractSchema,
  contractViewSchema,
  summaryQuerySchema,
  summarySchema,
  transitionRequestSchema,
} from '../../contracts/monitoring.ts';
import type { MonitoringDeps } from '../../application/monitoring/monitoring-deps.ts';
import { listContracts } from '../../application/monitoring/list-contracts.ts';
import { getContract } from '../../application/monitoring/get-contract.ts';
import { createContract } from '../../application/monitoring/create-contract.ts';
import { updateContract } from '../../application/monitoring/update-contract.ts';
import { changeContractStatus } from '../../application/monitoring/change-contract-status.ts';
import { contractSummary } from '../../application/monitoring/contract-summary.ts';
import { runBillingNow } from '../../application/monitoring/run-billing-now.ts';
import { previewBillingRun, previewContractBilling } from '../../application/monitoring/preview-contract-billing.ts';
import { retryContractBilling } from '../../application/monitoring/retry-contract-billing.ts';

const VIEW = needs('viewClients');
const EDIT = needs('editClients');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Monitoring contracts (/admin/monitoring): reads need viewClients, changes editClients, billing runs admin. */
export const monitoringRoutes: FastifyPluginAsyncZod<MonitoringDeps> = async (app, deps) => {
  app.get(
    '/api/monitoring/contracts',
    { config: { access: VIEW }, schema: { querystring: contractListQuerySchema, response: { 200: contractListResponseSchema, ...errors } } },
    async (req) => {
      const q = req.query;
      return listContracts(deps, req.auth, { search: q.search, status: q.status ?? null, sort: q.sort, direction: q.dir, limit: q.limit, cursor: q.cursor ?? null });
    },
  );

  app.post(
    '/api/monitoring/contracts',
    { config: { access: EDIT }, schema: { body: contractRequestSchema, response: { 201: contractSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createContract(deps, req.auth, req.body)),
  );

  app.get(
    '/api/monitoring/contracts/:id',
    { config: { access: VIEW }, schema: { params: contractIdParamsSchema, response: { 200: contractViewSchema, ...errors } } },
    async (req) => getContract(deps, req.auth, req.params.id),
  );

  app.put(
    '/api/monitoring/contracts/:id',
    { config: { access: EDIT }, schema: { params: contractIdParamsSchema, body: contractRequestSchema, response: { 200: contractSchema, ...errors } } },
    async (req) => updateContract(deps, req.auth, req.params.id, req.body),
  );

  app.post(
    '/api/monitoring/contracts/:id/status',
    { config: { access: EDIT }, schema: { params: contractIdParamsSchema, body: transitionRequestSchema, response: { 200: contractSchema, ...errors } } },
    async (req) =>
      changeContractStatus(deps, req.auth, req.params.id, { to: req.body.to, reason: req.body.reason ?? null, voidInvoiceIds: req.body.voidInvoiceIds ?? [], billFrom: req.body.billFrom ?? 'start' }),
  );

  app.get(
    '/api/monitoring/summary',
    { config: { access: VIEW }, schema: { querystring: summaryQuerySchema, response: { 200: summarySchema } } },
    async (req) => contractSummary(deps, req.auth, req.query),
  );

  app.post(
    '/api/monitoring/billing/run',
    { config: { access: ADMIN_ONLY }, schema: { response: { 200: billingRunSchema, ...errors } } },
    async (req) => runBillingNow(deps, req.auth),
  );

  app.get(
    '/api/monitoring/billing/preview',
    { config: { access: ADMIN_ONLY }, schema: { response: { 200: billingPreviewSchema, ...errors } } },
    async (req) => previewBillingRun(deps, req.auth),
  );

  app.get(
    '/api/monitoring/contracts/:id/billing/preview',
    { config: { access: EDIT }, schema: { params: contractIdParamsSchema, response: { 200: billingPreviewSchema, ...errors } } },
    async (req) => previewContractBilling(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/monitoring/contracts/:id/billing/:period/retry',
    { config: { access: ADMIN_ONLY }, schema: { params: billingKeyParamsSchema, response: { 200: billingRunSchema, ...errors } } },
    async (req) => retryContractBilling(deps, req.auth, req.params.id, req.params.period),
  );
};
