import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';

/**
 * Time tracking's API (/api/time), shared by the routes and the SPA: the employee's own clock
 * and week, and the admins' timesheets, edits, approvals and payroll export. Times are ISO-8601
 * UTC; days (YYYY-MM-DD) and weeks (their Monday) are in the company time zone.
 */
export const TIME_ENTRY_STATUS_VALUES = ['open', 'submitted', 'approved', 'locked'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-16.');
const instant = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-11-16T08:00:00Z.' });
const note = z.string().max(500, 'At most 500 characters.');

export const weekQuerySchema = z.object({ week: day.optional() });
export const employeeIdParamsSchema = z.object({ employeeId: z.string().min(1).max(200) });
export const entryIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The job is optional; its number and title are what the client had when clocking in. */
export const clockInSchema = z.strictObject({
  jobId: z.string().trim().min(1).max(200).optional(),
  /** Accepted for older clients and ignored: the server takes number and title from the job. */
  jobNumber: z.string().trim().max(40).optional(),
  jobTitle: z.string().trim().max(200).optional(),
  note: note.optional(),
});
export type ClockInInput = z.infer<typeof clockInSchema>;

export const clockOutSchema = z.strictObject({ note: note.optional() });

const reason = z.string().trim().min(3, 'Say why (at least 3 characters).').max(500, 'At most 500 characters.');

export const entryPatchSchema = z.strictObject({
  reason,
  clockIn: instant.optional(),
  clockOut: instant.optional(),
  breaks: z.array(z.strictObject({ start: instant, end: instant.nullable() })).max(20, 'At most 20 breaks.').optional(),
  note: note.optional(),
});
export type EntryPatchInput = z.infer<typeof entryPatchSchema>;

export const entryCreateSchema = z.strictObject({
  reason,
  clockIn: instant,
  clockOut: instant,
  breaks: z.array(z.strictObject({ start: instant, end: instant })).max(20, 'At most 20 breaks.').default([]),
  note: note.default(''),
});
export type EntryCreateInput = z.input<typeof entryCreateSchema>;

export const approveWeekSchema = z.strictObject({ week: day });
export const unlockWeekSchema = z.strictObject({ week: day, reason });

export const exportQuerySchema = z.object({
  week: day.optional(),
  from: day.optional(),
  to: day.optional(),
  kind: z.enum(['entries', 'summary']).default('entries'),
});


export const entrySchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  job: z.object({ jobId: z.string(), jobNumber: z.string().nullable(), jobTitle: z.string().nullable() }).nullable(),
  clockIn: z.string(),
  clockOut: z.string().nullable(),
  breaks: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
  note: z.string(),
  status: z.enum(TIME_ENTRY_STATUS_VALUES),
  /** The entry's edits in the order they were made, each with its reason (a change of field `reason`). */
  history: z.array(auditEntrySchema),
  date: z.string(),
  workedMinutes: z.number(),
  breakMinutes: z.number(),
  onBreak: z.boolean(),
  forgotten: z.boolean(),
});
export type TimeEntryDto = z.infer<typeof entrySchema>;

export const timesheetRowSchema = z.object({
  employeeId: z.string(),
  employeeName: z.string(),
  weekStart: z.string(),
  days: z.array(z.object({ date: z.string(), minutes: z.number(), entries: z.number() })),
  totalMinutes: z.number(),
  regularMinutes: z.number(),
  overtimeMinutes: z.number(),
  forgotten: z.number(),
  open: z.boolean(),
  approved: z.boolean(),
  /** While approved: the last day no entry may be added on; later days of the week stay open. */
  lockedThrough: z.string().nullable(),
  /** Entries the approval does not cover (added after it, on the days it left open). */
  unapproved: z.number(),
  /** While the week has not ended: what approving it now leaves open. */
  openWeekWarning: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type TimesheetRowDto = z.infer<typeof timesheetRowSchema>;

const approvalSchema = z.object({
  employeeId: z.string(),
  weekStart: z.string(),
  approved: z.boolean(),
  lockedThrough: z.string().nullable(),
  /** Approvals and unlocks in the order they were made, each unlock with its reason. */
  history: z.array(auditEntrySchema),
});

export const employeeWeekSchema = z.object({ timeZone: z.string(), days: z.array(z.string()), row: timesheetRowSchema, entries: z.array(entrySchema), approval: approvalSchema.nullable() });
export type EmployeeWeekDto = z.infer<typeof employeeWeekSchema>;

export const weekTimesheetsSchema = z.object({
  weekStart: z.string(),
  timeZone: z.string(),
  days: z.array(z.string()),
  overtimeWeeklyHours: z.number(),
  rows: z.array(timesheetRowSchema),
});
export type WeekTimesheetsDto = z.infer<typeof weekTimesheetsSchema>;

export const myClockSchema = z.object({
  worker: z.object({ id: z.string(), name: z.string() }).nullable(),
  open: entrySchema.nullable(),
  week: employeeWeekSchema.nullable(),
});
export type MyClockDto = z.infer<typeof myClockSchema>;
