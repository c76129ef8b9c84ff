import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../access.ts';
import { securityEvent } from '../plugins/identity.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { auditListSchema } from '../../contracts/audit.ts';
import {
  employeeCreateSchema,
  employeeIdParamsSchema,
  employeeListQuerySchema,
  employeePageSchema,
  employeeSchema,
  employeeUpdateSchema,
} from '../../contracts/employees.ts';
import { isAccessChange, type EmployeeRecord } from '../../domain/employees/employee-record.ts';
import { permissionsFromRecord } from '../../domain/auth/permissions.ts';
import type { EmployeeChange, EmployeeDeps } from '../../application/employees/employee-change.ts';
import { listEmployees } from '../../application/employees/list-employees.ts';
import { getEmployee } from '../../application/employees/get-employee.ts';
import { createEmployee } from '../../application/employees/create-employee.ts';
import { updateEmployee } from '../../application/employees/update-employee.ts';
import { deactivateEmployee } from '../../application/employees/deactivate-employee.ts';
import { listEmployeeAudit } from '../../application/employees/list-employee-audit.ts';

const toDto = (e: EmployeeRecord) => ({
  id: e.id,
  name: e.name,
  email: e.email,
  phone: e.phone,
  title: e.title,
  photoUrl: e.photoUrl,
  employmentStatus: e.employmentStatus,
  permissions: { ...permissionsFromRecord(e.permissions) },
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Who may do what is a security matter: changes to access go to the log as well as the trail. */
function logAccessChanges(req: FastifyRequest, result: EmployeeChange): void {
  const changes = result.audit?.changes.filter(isAccessChange) ?? [];
  if (changes.length === 0) return;
  securityEvent(req, 'employee access changed', { employeeId: result.employee.id, action: result.audit?.action, changes });
}

/** The employee database (issue 4): admins only, every change audited. */
export const employeeRoutes: FastifyPluginAsyncZod<EmployeeDeps> = async (app, deps) => {
  const config = { access: ADMIN_ONLY };

  app.get('/api/employees', { config, schema: { querystring: employeeListQuerySchema, response: { 200: employeePageSchema, ...errors } } }, async (req) => {
    const q = req.query;
    const page = await listEmployees(deps, req.auth, { q: q.q, status: q.status ?? null, sort: q.sort, limit: q.limit, cursor: q.cursor ?? null });
    return { items: page.items.map(toDto), nextCursor: page.nextCursor };
  });

  app.get('/api/employees/:id', { config, schema: { params: employeeIdParamsSchema, response: { 200: employeeSchema, ...errors } } }, async (req) =>
    toDto(await getEmployee(deps, req.auth, req.params.id)),
  );

  app.post('/api/employees', { config, schema: { body: employeeCreateSchema, response: { 201: employeeSchema, ...errors } } }, async (req, reply) => {
    const result = await createEmployee(deps, req.auth, req.body);
    logAccessChanges(req, result);
    return reply.status(201).send(toDto(result.employee));
  });

  app.patch(
    '/api/employees/:id',
    { config, schema: { params: employeeIdParamsSchema, body: employeeUpdateSchema, response: { 200: employeeSchema, ...errors } } },
    async (req) => {
      const result = await updateEmployee(deps, req.auth, req.params.id, req.body);
      logAccessChanges(req, result);
      return toDto(result.employee);
    },
  );

  app.post(
    '/api/employees/:id/deactivate',
    { config, schema: { params: employeeIdParamsSchema, response: { 200: employeeSchema, ...errors } } },
    async (req) => {
      const result = await deactivateEmployee(deps, req.auth, req.params.id);
      logAccessChanges(req, result);
      return toDto(result.employee);
    },
  );

  app.get(
    '/api/employees/:id/audit',
    { config, schema: { params: employeeIdParamsSchema, response: { 200: auditListSchema, ...errors } } },
    async (req) => ({ entries: await listEmployeeAudit(deps, req.auth, req.params.id) }),
  );
};
