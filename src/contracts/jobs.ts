import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';

/**
 * Job tracker API schemas, shared by src/http/routes/jobs.ts and the SPA (web/src/features/jobs).
 * Contracts import only zod, so the type and status lists restate the domain's
 * (test/unit/jobs/job-contracts.test.ts proves they agree).
 */
export const JOB_TYPE_VALUES = ['install', 'prewire', 'trim-out', 'service', 'inspection', 'consultation', 'panel-upgrade'] as const;
export const JOB_STATUS_VALUES = ['unscheduled', 'scheduled', 'in-progress', 'on-hold', 'completed', 'cancelled'] as const;
export const JOB_SORT_VALUES = ['number', 'scheduledStart', 'createdAt', 'updatedAt'] as const;

export const JOB_TYPE_LABELS: Record<(typeof JOB_TYPE_VALUES)[number], string> = {
  install: 'Install',
  prewire: 'Prewire',
  'trim-out': 'Trim-out',
  service: 'Service',
  inspection: 'Inspection',
  consultation: 'Consultation',
  'panel-upgrade': 'Panel upgrade',
};

const id = z.string().trim().min(1).max(100);
const optionalId = z
  .string()
  .trim()
  .max(100, '100 characters at most.')
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
const isoInstant = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), `${label} must be a date and time.`);

export const jobTitleSchema = z.string({ error: 'Give the job a title.' }).trim().min(2, 'Give the job a title (2 characters at least).').max(200, 'Title: 200 characters at most.');

export const createJobSchema = z
  .object({
    clientId: id,
    siteId: z.string({ error: 'Pick a site.' }).trim().min(1, 'Pick a site.').max(100),
    type: z.enum(JOB_TYPE_VALUES, { error: 'Pick a job type.' }),
    title: jobTitleSchema,
    notes: z.string().max(5000, 'Notes: 5000 characters at most.').default(''),
    checklist: z.array(z.string().trim().min(1).max(200, 'A checklist item is 200 characters at most.')).max(100).default([]),
    proposalId: optionalId,
  })
  .strict();
export type CreateJobRequest = z.input<typeof createJobSchema>;

export const updateJobSchema = z
  .object({
    title: jobTitleSchema.optional(),
    type: z.enum(JOB_TYPE_VALUES).optional(),
    notes: z.string().max(5000, 'Notes: 5000 characters at most.').optional(),
    proposalId: optionalId,
    invoiceId: optionalId,
  })
  .strict();
export type UpdateJobRequest = z.input<typeof updateJobSchema>;

export const transitionSchema = z
  .object({
    status: z.enum(JOB_STATUS_VALUES, { error: 'Pick a status.' }),
    /** Complete although checklist items are unticked (the person was shown them). */
    acknowledgeUnticked: z.boolean().optional(),
  })
  .strict();

export const windowSchema = z.object({ start: isoInstant('Start'), end: isoInstant('End') }).strict();

export const scheduleSchema = z
  .object({
    window: windowSchema.nullable().optional(),
    assignees: z.array(id).max(10, 'At most 10 people on one job.').optional(),
  })
  .strict();
export type ScheduleRequest = z.input<typeof scheduleSchema>;

export const checklistChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), text: z.string().trim().min(1, 'Write the item.').max(200, '200 characters at most.') }).strict(),
  z.object({ action: z.literal('tick'), itemId: id, done: z.boolean() }).strict(),
  z.object({ action: z.literal('remove'), itemId: id }).strict(),
]);
export type ChecklistChangeRequest = z.input<typeof checklistChangeSchema>;

export const materialSchema = z
  .object({
    itemId: id,
    quantity: z.number({ error: 'Quantity must be a number.' }).int('Whole units.').min(1, 'At least 1.').max(10_000, 'At most 10 000.'),
    serials: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
    fromReservation: z.boolean().default(false),
  })
  .strict();
export type MaterialRequest = z.input<typeof materialSchema>;

export const signOffSchema = z
  .object({
    name: z.string({ error: "Type the customer's name." }).trim().min(2, "Type the customer's name.").max(120, '120 characters at most.'),
    // ≈ 300 KB of PNG as base64.
    signature: z.string({ error: 'Ask the customer to sign.' }).min(1, 'Ask the customer to sign.').max(420_000, 'The signature image is too large.'),
    /** A job already signed keeps its signature unless this says to replace it ("Replace signature"). */
    replace: z.boolean().default(false),
  })
  .strict();
export type SignOffRequest = z.input<typeof signOffSchema>;

const filterFields = {
  type: z.enum(JOB_TYPE_VALUES).optional(),
  employee: z.string().max(100).optional(),
  client: z.string().max(100).optional(),
  from: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), 'Not a date.').optional(),
  to: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), 'Not a date.').optional(),
  q: z.string().max(100).default(''),
};

export const jobListQuerySchema = z.object({
  ...filterFields,
  status: z.enum(JOB_STATUS_VALUES).optional(),
  sort: z.enum(JOB_SORT_VALUES).default('number'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

export const boardQuerySchema = z.object(filterFields);

export const calendarQuerySchema = z.object({
  from: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), 'Not a date.'),
  to: z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), 'Not a date.'),
  employee: z.string().max(100).optional(),
  type: z.enum(JOB_TYPE_VALUES).optional(),
});

export const jobIdParamsSchema = z.object({ id });
export const photoParamsSchema = z.object({ id, photoId: id });
export const employeeParamsSchema = z.object({ employeeId: id });
export const feedFileParamsSchema = z.object({ file: z.string().max(200) });

// ---- responses ------------------------------------------------------------------------------

/** Who told the customer "On my way", and when. */
const onMyWayFields = z.object({ employeeId: z.string(), by: z.string(), at: z.string() });

export const jobSchema = z.object({
  id: z.string(),
  number: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  siteId: z.string(),
  siteLabel: z.string(),
  siteAddress: z.string(),
  geo: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  type: z.enum(JOB_TYPE_VALUES),
  title: z.string(),
  status: z.enum(JOB_STATUS_VALUES),
  scheduledStart: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
  assignees: z.array(z.string()),
  checklist: z.array(z.object({ id: z.string(), text: z.string(), done: z.boolean(), doneBy: z.string().nullable(), doneAt: z.string().nullable() })),
  notes: z.string(),
  photos: z.array(
    z.object({ id: z.string(), contentType: z.string(), size: z.number(), fileName: z.string().nullable(), uploadedAt: z.string(), uploadedBy: z.string() }),
  ),
  materials: z.array(
    z.object({
      movementId: z.string(),
      itemId: z.string(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number(),
      serials: z.array(z.string()),
      at: z.string(),
      by: z.string(),
    }),
  ),
  signOff: z.object({ name: z.string(), at: z.string(), recordedBy: z.string() }).nullable(),
  onMyWay: onMyWayFields.nullable(),
  proposalId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  parentJobId: z.string().nullable(),
  trimOutJobId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The client's phone as it is now (tap to call from the job); only where the job is read on its own or on the dashboard. */
  clientPhone: z.string().nullable().optional(),
});
export type JobDto = z.infer<typeof jobSchema>;

/** Board cards and list rows: the job without its heavy parts. */
export const jobSummarySchema = jobSchema.pick({
  id: true,
  number: true,
  clientId: true,
  clientName: true,
  siteId: true,
  siteLabel: true,
  siteAddress: true,
  geo: true,
  type: true,
  title: true,
  status: true,
  scheduledStart: true,
  scheduledEnd: true,
  assignees: true,
  createdAt: true,
  updatedAt: true,
});
export type JobSummaryDto = z.infer<typeof jobSummarySchema>;

export const jobListResponseSchema = z.object({ jobs: z.array(jobSummarySchema), nextCursor: z.string().nullable() });
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

export const boardResponseSchema = z.object({
  columns: z.array(z.object({ status: z.enum(JOB_STATUS_VALUES), jobs: z.array(jobSummarySchema), more: z.boolean() })),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

export const calendarResponseSchema = z.object({
  jobs: z.array(jobSummarySchema),
  /** Ids of the shown jobs an assignee is double-booked on (another active job at the same time). */
  doubleBooked: z.array(z.string()),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

export const bookingWarningSchema = z.object({
  employeeId: z.string(),
  jobId: z.string(),
  number: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
});
export type BookingWarningDto = z.infer<typeof bookingWarningSchema>;

const jobLinkSchema = z.object({ id: z.string(), number: z.string(), title: z.string() });
export const jobViewResponseSchema = z.object({
  job: jobSchema,
  warnings: z.array(bookingWarningSchema),
  history: z.array(auditEntrySchema),
  /** Linked jobs by number and title (the prewire this follows, its trim-out visit). */
  related: z.object({ parent: jobLinkSchema.nullable(), trimOut: jobLinkSchema.nullable() }),
  /** The reader is on the job (their own actions show: "On my way"). */
  assignedToYou: z.boolean(),
});
export type JobViewResponse = z.infer<typeof jobViewResponseSchema>;

export const scheduleResponseSchema = z.object({ job: jobSchema, warnings: z.array(bookingWarningSchema) });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

/** The answer to "On my way": `sent` false when the customer had already been told (nothing sent again). */
export const onMyWayResponseSchema = z.object({ jobId: z.string(), clientName: z.string(), onMyWay: onMyWayFields, sent: z.boolean() });
export type OnMyWayResponse = z.infer<typeof onMyWayResponseSchema>;

/** The employee dashboard's jobs: full jobs (checklists are ticked there). */
export const myJobsResponseSchema = z.object({ day: z.string(), today: z.array(jobSchema), upcoming: z.array(jobSchema) });
export type MyJobsResponse = z.infer<typeof myJobsResponseSchema>;

export const assigneesResponseSchema = z.object({
  employees: z.array(z.object({ id: z.string(), name: z.string(), title: z.string().nullable() })),
  /** The signed-in person's own employee id when they are one of `employees`, else null. */
  me: z.string().nullable(),
});
export type AssigneesResponse = z.infer<typeof assigneesResponseSchema>;

export const feedStatusSchema = z.object({
  employeeId: z.string(),
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** Only in the answer that made the token: shown once. */
  path: z.string().optional(),
});
export type FeedStatusDto = z.infer<typeof feedStatusSchema>;

export const clientOptionsQuerySchema = z.object({ q: z.string().max(100).default('') });
export const clientOptionsResponseSchema = z.object({
  clients: z.array(z.object({ id: z.string(), name: z.string(), sites: z.array(z.object({ id: z.string(), label: z.string(), address: z.string() })) })),
});
export type ClientOptionsResponse = z.infer<typeof clientOptionsResponseSchema>;
