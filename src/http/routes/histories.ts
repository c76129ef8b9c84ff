import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { needs } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { auditListSchema } from '../../contracts/audit.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import { listContractHistory } from '../../application/audit/list-contract-history.ts';

/** Audit trails of records whose own view does not carry one (a monitoring contract's). */
export const historyRoutes: FastifyPluginAsyncZod<{ audit: AuditLog }> = async (app, deps) => {
  app.get(
    '/api/monitoring/contracts/:id/history',
    { config: { access: needs('viewClients') }, schema: { params: z.object({ id: z.string().min(1).max(100) }), response: { 200: auditListSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (req) => ({ entries: await listContractHistory(deps, req.auth, req.params.id) }),
  );
};
