import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, needs, PUBLIC, STAFF } from '../access.ts';
import { apiErrorSchema } from '../../contracts/errors.ts';
import { readMultipart } from '../multipart.ts';
import { sendPdf, sendStoredFile } from '../file-responses.ts';
import {
  assigneesResponseSchema,
  boardQuerySchema,
  boardResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  checklistChangeSchema,
  clientOptionsQuerySchema,
  clientOptionsResponseSchema,
  createJobSchema,
  employeeParamsSchema,
  feedFileParamsSchema,
  feedStatusSchema,
  jobIdParamsSchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobSchema,
  jobViewResponseSchema,
  materialSchema,
  myJobsResponseSchema,
  onMyWayResponseSchema,
  photoParamsSchema,
  scheduleResponseSchema,
  scheduleSchema,
  signOffSchema,
  transitionSchema,
  updateJobSchema,
} from '../../contracts/jobs.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { JobDeps } from '../../application/jobs/job-deps.ts';
import { createJob, createTrimOut } from '../../application/jobs/create-job.ts';
import { jobBoard, jobCalendar, listJobs, myJobs } from '../../application/jobs/list-jobs.ts';
import { assignableEmployees, clientOptions, getJob } from '../../application/jobs/get-job.ts';
import { changeJobStatus, updateJob } from '../../application/jobs/update-job.ts';
import { scheduleAndAssign } from '../../application/jobs/schedule-job.ts';
import { changeChecklist } from '../../application/jobs/job-checklist.ts';
import { recordMaterial } from '../../application/jobs/record-material.ts';
import { tellCustomerOnMyWay } from '../../application/jobs/on-my-way.ts';
import { addJobPhoto, MAX_PHOTO_BYTES, openJobFile, signOff, type PhotoUpload } from '../../application/jobs/job-files.ts';
import { jobSignOffPdf } from '../../application/jobs/sign-off-document.ts';
import { feedStatus, regenerateFeed, renderFeed, revokeFeed } from '../../application/jobs/calendar-feeds.ts';

export interface JobRoutesDeps extends JobDeps {
  /** The site's public address, for links inside calendar events; null leaves them out. */
  siteUrl: string | null;
}

const VIEW = needs('viewJobs');
const EDIT = needs('editJobs');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

const filtersOf = (q: { type?: string | undefined; employee?: string | undefined; client?: string | undefined; from?: string | undefined; to?: string | undefined; q: string }) => ({
  type: (q.type ?? null) as never,
  employeeId: q.employee || null,
  clientId: q.client || null,
  from: q.from ? new Date(q.from).toISOString() : null,
  to: q.to ? new Date(q.to).toISOString() : null,
  text: q.q,
});

/**
 * The job tracker's API (/admin/jobs), the employee dashboard's jobs (/api/jobs/mine) and the
 * iCalendar feeds. Reads need viewJobs, changes editJobs; the use cases check again.
 * Multipart parsing is registered inside this plugin only (job photos).
 */
export const jobRoutes: FastifyPluginAsyncZod<JobRoutesDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });

  app.get(
    '/api/jobs',
    { config: { access: VIEW }, schema: { querystring: jobListQuerySchema, response: { 200: jobListResponseSchema, ...errors } } },
    async (req) => {
      const q = req.query;
      return listJobs(deps, req.auth, { ...filtersOf(q), status: q.status ?? null, sort: q.sort, direction: q.dir, limit: q.limit, cursor: q.cursor ?? null });
    },
  );

  app.get(
    '/api/jobs/board',
    { config: { access: VIEW }, schema: { querystring: boardQuerySchema, response: { 200: boardResponseSchema, ...errors } } },
    async (req) => ({ columns: await jobBoard(deps, req.auth, filtersOf(req.query)) }),
  );

  app.get(
    '/api/jobs/calendar',
    { config: { access: VIEW }, schema: { querystring: calendarQuerySchema, response: { 200: calendarResponseSchema, ...errors } } },
    async (req) =>
      jobCalendar(deps, req.auth, {
        from: new Date(req.query.from).toISOString(),
        to: new Date(req.query.to).toISOString(),
        employeeId: req.query.employee || null,
        type: req.query.type ?? null,
      }),
  );

  app.get('/api/jobs/mine', { config: { access: STAFF }, schema: { response: { 200: myJobsResponseSchema } } }, async (req) => myJobs(deps, req.auth));

  app.get(
    '/api/jobs/assignees',
    { config: { access: VIEW }, schema: { response: { 200: assigneesResponseSchema } } },
    async (req) => assignableEmployees(deps, req.auth),
  );

  app.get(
    '/api/jobs/client-options',
    { config: { access: EDIT }, schema: { querystring: clientOptionsQuerySchema, response: { 200: clientOptionsResponseSchema } } },
    async (req) => ({ clients: await clientOptions(deps, req.auth, req.query.q) }),
  );

  app.post(
    '/api/jobs',
    { config: { access: EDIT }, schema: { body: createJobSchema, response: { 201: jobSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createJob(deps, req.auth, req.body)),
  );

  app.get(
    '/api/jobs/:id',
    { config: { access: VIEW }, schema: { params: jobIdParamsSchema, response: { 200: jobViewResponseSchema, ...errors } } },
    async (req) => getJob(deps, req.auth, req.params.id),
  );

  app.patch(
    '/api/jobs/:id',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, body: updateJobSchema, response: { 200: jobSchema, ...errors } } },
    async (req) => {
      const b = req.body;
      return updateJob(deps, req.auth, req.params.id, {
        ...(b.title !== undefined ? { title: b.title } : {}),
        ...(b.type !== undefined ? { type: b.type } : {}),
        ...(b.notes !== undefined ? { notes: b.notes } : {}),
        ...('proposalId' in b ? { proposalId: b.proposalId } : {}),
        ...('invoiceId' in b ? { invoiceId: b.invoiceId } : {}),
      });
    },
  );

  app.post(
    '/api/jobs/:id/status',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, body: transitionSchema, response: { 200: jobSchema, ...errors } } },
    async (req) => changeJobStatus(deps, req.auth, req.params.id, req.body.status, { acknowledgeUnticked: req.body.acknowledgeUnticked }),
  );

  app.put(
    '/api/jobs/:id/schedule',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, body: scheduleSchema, response: { 200: scheduleResponseSchema, ...errors } } },
    async (req) =>
      scheduleAndAssign(deps, req.auth, req.params.id, {
        ...(req.body.window !== undefined ? { window: req.body.window } : {}),
        ...(req.body.assignees !== undefined ? { assignees: req.body.assignees } : {}),
      }),
  );

  app.post(
    '/api/jobs/:id/checklist',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, body: checklistChangeSchema, response: { 200: jobSchema, ...errors } } },
    async (req) => changeChecklist(deps, req.auth, req.params.id, req.body),
  );

  app.post(
    '/api/jobs/:id/materials',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, body: materialSchema, response: { 201: jobSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await recordMaterial(deps, req.auth, req.params.id, req.body)),
  );

  app.post(
    '/api/jobs/:id/sign-off',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, body: signOffSchema, response: { 200: jobSchema, ...errors } } },
    async (req) => signOff(deps, req.auth, req.params.id, req.body),
  );

  // Only a technician assigned to the visit, on its day (the use case answers 409 and says why otherwise).
  app.post(
    '/api/jobs/:id/on-my-way',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, response: { 200: onMyWayResponseSchema, ...errors } } },
    async (req) => tellCustomerOnMyWay(deps, req.auth, req.params.id),
  );

  app.post(
    '/api/jobs/:id/trim-out',
    { config: { access: EDIT }, schema: { params: jobIdParamsSchema, response: { 201: jobSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createTrimOut(deps, req.auth, req.params.id)),
  );

  app.post(
    '/api/jobs/:id/photos',
    { config: { access: EDIT }, schema: { consumes: ['multipart/form-data'], params: jobIdParamsSchema, response: { 201: jobSchema, ...errors } } },
    async (req, reply) => {
      const body = await readMultipart(req, {
        notMultipart: new DomainError('validation', 'Send the photo as multipart/form-data.', { photo: ['Choose a photo.'] }),
        overLimit: (limit) =>
          limit === 'FST_REQ_FILE_TOO_LARGE'
            ? new DomainError('validation', 'The photo is too large.', { photo: ['A photo may be 5 MB at most.'] })
            : new DomainError('validation', 'One photo at a time.', { photo: ['One photo at a time.'] }),
      });
      const unknownFile = body.files.find((f) => f.field !== 'photo');
      if (unknownFile) throw new DomainError('validation', 'Some fields need attention.', { [unknownFile.field]: ['Unknown field.'] });
      const [photo] = body.files;
      const upload: PhotoUpload | null = photo ? { data: photo.bytes, declaredType: photo.declaredType, fileName: photo.fileName || undefined } : null;
      if (!upload) throw new DomainError('validation', 'Choose a photo.', { photo: ['Choose a photo.'] });
      return reply.status(201).send(await addJobPhoto(deps, req.auth, req.params.id, upload));
    },
  );

  app.get('/api/jobs/:id/photos/:photoId', { config: { access: VIEW }, schema: { params: photoParamsSchema } }, async (req, reply) => {
    const file = await openJobFile(deps, req.auth, req.params.id, { photoId: req.params.photoId });
    return sendStoredFile(reply, file);
  });

  app.get('/api/jobs/:id/signature', { config: { access: VIEW }, schema: { params: jobIdParamsSchema } }, async (req, reply) => {
    const file = await openJobFile(deps, req.auth, req.params.id, 'signature');
    return sendStoredFile(reply, file);
  });

  // The same PDF the customer was mailed and can download from the client hub.
  app.get('/api/jobs/:id/sign-off.pdf', { config: { access: VIEW }, schema: { params: jobIdParamsSchema } }, async (req, reply) =>
    sendPdf(reply, await jobSignOffPdf(deps, req.auth, req.params.id)),
  );

  // Calendar feeds: an employee manages their own; an admin anyone's.
  app.get('/api/jobs/calendar-feed', { config: { access: STAFF }, schema: { response: { 200: feedStatusSchema, ...errors } } }, async (req) =>
    feedStatus(deps, req.auth, null),
  );
  app.post('/api/jobs/calendar-feed', { config: { access: STAFF }, schema: { response: { 200: feedStatusSchema, ...errors } } }, async (req) =>
    regenerateFeed(deps, req.auth, null),
  );
  app.delete('/api/jobs/calendar-feed', { config: { access: STAFF }, schema: { response: { 200: feedStatusSchema, ...errors } } }, async (req) =>
    revokeFeed(deps, req.auth, null),
  );
  app.get(
    '/api/jobs/calendar-feeds/:employeeId',
    { config: { access: ADMIN_ONLY }, schema: { params: employeeParamsSchema, response: { 200: feedStatusSchema, ...errors } } },
    async (req) => feedStatus(deps, req.auth, req.params.employeeId),
  );
  app.post(
    '/api/jobs/calendar-feeds/:employeeId',
    { config: { access: ADMIN_ONLY }, schema: { params: employeeParamsSchema, response: { 200: feedStatusSchema, ...errors } } },
    async (req) => regenerateFeed(deps, req.auth, req.params.employeeId),
  );
  app.delete(
    '/api/jobs/calendar-feeds/:employeeId',
    { config: { access: ADMIN_ONLY }, schema: { params: employeeParamsSchema, response: { 200: feedStatusSchema, ...errors } } },
    async (req) => revokeFeed(deps, req.auth, req.params.employeeId),
  );

  // The feed itself: no session (calendar apps have none); the secret token is the credential.
  app.get(
    '/api/calendar/:file',
    { config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: '1 minute' } }, schema: { params: feedFileParamsSchema } },
    async (req, reply) => {
      const token = req.params.file.endsWith('.ics') ? req.params.file.slice(0, -'.ics'.length) : '';
      const ics = token ? await renderFeed(deps, token, deps.siteUrl) : null;
      if (ics === null) throw new DomainError('not-found', 'No such calendar.');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="jobs.ics"')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(ics);
    },
  );
};
