import { z } from 'zod';

/**
 * Payment reminder API schemas (src/http/routes/reminders.ts, web/src/features/reminders).
 * The lists repeat the domain's (src/domain/reminders) on purpose: contracts import only zod;
 * test/unit/reminders/contracts.test.ts proves they agree.
 */
export const REMINDER_OUTCOMES = ['sending', 'sent', 'skipped', 'failed'] as const;
export const PAUSE_SCOPES = ['client', 'invoice'] as const;
export const TEMPLATE_FIELD_NAMES = ['greeting', 'client', 'number', 'total', 'balance', 'dueDate', 'daysOverdue', 'lateFee', 'link', 'company', 'phone'] as const;

const lateFeeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('flat'), cents: z.number({ error: 'The fee must be a number.' }).int('Whole cents.') }),
  z.strictObject({ kind: z.literal('percent'), basisPoints: z.number({ error: 'The percentage must be a number.' }).int('Whole basis points.') }),
]);

export const reminderStepSchema = z.strictObject({
  id: z.string().trim().min(1, 'Each step needs an id.').max(40, 'At most 40 characters.').regex(/^[a-z0-9-]+$/, 'Lower-case letters, digits and dashes only.'),
  offsetDays: z.number({ error: 'Days must be a number.' }),
  template: z.strictObject({
    subject: z.string().max(200, 'At most 200 characters.'),
    body: z.string().max(5000, 'At most 5 000 characters.'),
  }),
  lateFee: lateFeeSchema.nullable(),
});

/** Request bodies are strict at every level: an unknown field is a 400, never silently dropped. */
export const reminderPolicySchema = z.strictObject({
  enabled: z.boolean(),
  graceDays: z.number({ error: 'The grace period must be a number of days.' }),
  steps: z.array(reminderStepSchema).max(20, 'Too many steps.'),
});
export type ReminderPolicyBody = z.infer<typeof reminderPolicySchema>;

export const pauseSchema = z.object({
  scope: z.enum(PAUSE_SCOPES),
  targetId: z.string().trim().min(1, 'Choose what to pause.').max(200),
  label: z.string(),
  pausedAt: z.string(),
  pausedBy: z.string(),
});
export const pauseRequestSchema = z.strictObject({ scope: z.enum(PAUSE_SCOPES), targetId: z.string().trim().min(1, 'Choose what to pause.').max(200) });

export const upcomingSchema = z.object({
  date: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  stepId: z.string(),
  offsetDays: z.number(),
  lateFeeCents: z.number(),
  paused: z.boolean(),
});

export const overviewQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(120).default(30) });
export const overviewSchema = z.object({ policy: reminderPolicySchema, pauses: z.array(pauseSchema), upcoming: z.array(upcomingSchema) });
export type ReminderOverviewResponse = z.infer<typeof overviewSchema>;

export const logEntrySchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  stepId: z.string(),
  offsetDays: z.number(),
  status: z.enum(REMINDER_OUTCOMES),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  lateFeeCents: z.number(),
  at: z.string(),
  sentAt: z.string().nullable(),
  mailId: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReminderLogEntryResponse = z.infer<typeof logEntrySchema>;

export const logQuerySchema = z.object({
  status: z.enum(REMINDER_OUTCOMES).optional(),
  invoiceId: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(1000).optional(),
});
export const logPageSchema = z.object({ entries: z.array(logEntrySchema), nextCursor: z.string().nullable(), stuckBefore: z.string() });
export type ReminderLogPageResponse = z.infer<typeof logPageSchema>;

export const runResultSchema = z.object({ sent: z.number(), skipped: z.number(), failed: z.number(), claimedElsewhere: z.number() });
export type ReminderRunResponse = z.infer<typeof runResultSchema>;
export const logIdParamsSchema = z.object({ id: z.string().min(1).max(300) });
export const pauseParamsSchema = z.object({ scope: z.enum(PAUSE_SCOPES), targetId: z.string().min(1).max(200) });
