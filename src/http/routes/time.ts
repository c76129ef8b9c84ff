import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, STAFF } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import {
  approveWeekSchema,
  clockInSchema,
  clockOutSchema,
  employeeIdParamsSchema,
  employeeWeekSchema,
  entryCreateSchema,
  entryIdParamsSchema,
  entryPatchSchema,
  entrySchema,
  exportQuerySchema,
  myClockSchema,
  unlockWeekSchema,
  weekQuerySchema,
  weekTimesheetsSchema,
} from '../../contracts/time.ts';
import type { TimeDeps } from '../../application/time/time-deps.ts';
import { clockIn, clockOut, endMyBreak, getMyClock, startMyBreak } from '../../application/time/my-clock.ts';
import { getEmployeeWeek, getMyWeek } from '../../application/time/employee-week.ts';
import { getWeekTimesheets } from '../../application/time/week-timesheets.ts';
import { editTimeEntry } from '../../application/time/edit-time-entry.ts';
import { addTimeEntry } from '../../application/time/add-time-entry.ts';
import { approveEmployeeWeek, unlockEmployeeWeek } from '../../application/time/approve-week.ts';
import { exportRange, exportTimeCsv } from '../../application/time/export-time-csv.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * Time tracking (issue 6). /api/time/me/* acts on the signed-in person's own clock (any staff
 * member with an active employee record; the use cases refuse the rest). Everything else is
 * for admins: timesheets, edits with a reason, approvals and the payroll CSV.
 */
export const timeRoutes: FastifyPluginAsyncZod<TimeDeps> = async (app, deps) => {
  const mine = { access: STAFF };
  const admin = { access: ADMIN_ONLY };

  app.get('/api/time/me', { config: mine, schema: { response: { 200: myClockSchema, ...errors } } }, async (req) => getMyClock(deps, req.auth));

  app.get('/api/time/me/week', { config: mine, schema: { querystring: weekQuerySchema, response: { 200: employeeWeekSchema, ...errors } } }, async (req) =>
    getMyWeek(deps, req.auth, req.query.week),
  );

  app.post('/api/time/me/clock-in', { config: mine, schema: { body: clockInSchema, response: { 201: entrySchema, ...errors } } }, async (req, reply) => {
    // jobNumber/jobTitle in the body are ignored: the use case reads them from the job.
    const b = req.body;
    return reply.status(201).send(await clockIn(deps, req.auth, { jobId: b.jobId ?? null, ...(b.note === undefined ? {} : { note: b.note }) }));
  });

  app.post('/api/time/me/clock-out', { config: mine, schema: { body: clockOutSchema.nullish(), response: { 200: entrySchema, ...errors } } }, async (req) =>
    clockOut(deps, req.auth, req.body?.note === undefined ? {} : { note: req.body.note }),
  );

  app.post('/api/time/me/break/start', { config: mine, schema: { response: { 200: entrySchema, ...errors } } }, async (req) => startMyBreak(deps, req.auth));

  app.post('/api/time/me/break/end', { config: mine, schema: { response: { 200: entrySchema, ...errors } } }, async (req) => endMyBreak(deps, req.auth));

  app.get('/api/time/timesheets', { config: admin, schema: { querystring: weekQuerySchema, response: { 200: weekTimesheetsSchema, ...errors } } }, async (req) =>
    getWeekTimesheets(deps, req.auth, req.query.week),
  );

  app.get(
    '/api/time/timesheets/:employeeId',
    { config: admin, schema: { params: employeeIdParamsSchema, querystring: weekQuerySchema, response: { 200: employeeWeekSchema, ...errors } } },
    async (req) => getEmployeeWeek(deps, req.auth, req.params.employeeId, req.query.week),
  );

  app.post(
    '/api/time/timesheets/:employeeId/approve',
    { config: admin, schema: { params: employeeIdParamsSchema, body: approveWeekSchema, response: { 200: employeeWeekSchema, ...errors } } },
    async (req) => approveEmployeeWeek(deps, req.auth, req.params.employeeId, req.body.week),
  );

  app.post(
    '/api/time/timesheets/:employeeId/unlock',
    { config: admin, schema: { params: employeeIdParamsSchema, body: unlockWeekSchema, response: { 200: employeeWeekSchema, ...errors } } },
    async (req) => unlockEmployeeWeek(deps, req.auth, req.params.employeeId, req.body.week, req.body.reason),
  );

  app.post(
    '/api/time/timesheets/:employeeId/entries',
    { config: admin, schema: { params: employeeIdParamsSchema, body: entryCreateSchema, response: { 201: entrySchema, ...errors } } },
    async (req, reply) => {
      const { reason, ...input } = req.body;
      return reply.status(201).send(await addTimeEntry(deps, req.auth, req.params.employeeId, input, reason));
    },
  );

  app.patch(
    '/api/time/entries/:id',
    { config: admin, schema: { params: entryIdParamsSchema, body: entryPatchSchema, response: { 200: entrySchema, ...errors } } },
    async (req) => {
      const { reason, ...patch } = req.body;
      return editTimeEntry(deps, req.auth, req.params.id, patch, reason);
    },
  );

  app.get('/api/time/export.csv', { config: admin, schema: { querystring: exportQuerySchema } }, async (req, reply) => {
    const range = exportRange(deps, req.query);
    const csv = await exportTimeCsv(deps, req.auth, range, req.query.kind);
    const name = req.query.kind === 'summary' ? 'hours-summary' : 'hours';
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${range.from}-to-${range.to}.csv"`)
      .send(csv);
  });
};
