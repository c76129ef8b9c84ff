import { z } from 'zod';
import { text, visitorName, visitorEmail, optionalPhone } from './text.ts';
import { MESSAGE_KINDS, MESSAGE_STATUS_VALUES } from './public-site-values.ts';

export const SUPPORT_TOPICS = [
  { value: 'alarm', label: 'Alarm system' },
  { value: 'cameras', label: 'Cameras or recorder' },
  { value: 'app', label: 'Phone app or remote access' },
  { value: 'monitoring', label: 'Monitoring or billing' },
  { value: 'other', label: 'Something else' },
] as const;
const TOPICS = ['alarm', 'cameras', 'app', 'monitoring', 'other'] as const;

/** The Support page's request form; stored in the back-office inbox as kind 'support'. */
export const supportRequestSchema = z
  .object({
    name: visitorName(),
    email: visitorEmail(),
    phone: optionalPhone(),
    topic: z.enum(TOPICS, { error: 'Choose what you need help with.' }),
    message: text('Please describe the problem.')
      .trim()
      .min(10, 'Please write at least 10 characters.')
      .max(5000, 'Message is too long (5000 characters at most).'),
    website: z.string().max(500).optional(),
  })
  .strict();
export type SupportRequest = z.input<typeof supportRequestSchema>;

export const inboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(MESSAGE_STATUS_VALUES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A service request from the client hub (staff may open a job from it, once); null for other messages. */
  serviceRequest: z.object({ jobId: z.string().nullable(), jobNumber: z.string().nullable() }).nullable().optional(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUS_VALUES).optional(),
  kind: z.enum(MESSAGE_KINDS).optional(),
  cursor: z.string().max(2000).optional(),
});
export const inboxListSchema = z.object({ messages: z.array(inboxMessageSchema), nextCursor: z.string().nullable() });
export type InboxList = z.infer<typeof inboxListSchema>;
export const messageStatusChangeSchema = z.object({ status: z.enum(MESSAGE_STATUS_VALUES) }).strict();

/** The outbox's kinds and statuses (src/domain/mail/mailer.ts owns them; contracts import no domain code, and the response schema refuses a value missing here). */
export const OUTBOX_MAIL_KINDS = [
  'invoice',
  'proposal',
  'reminder',
  'payment-receipt',
  'payment-failed',
  'appointment',
  'job-completed',
  'review-request',
  'acknowledgement',
  'quote-notification',
  'proposal-response',
  'office-notice',
  'sign-in-link',
  'other',
] as const;
const OUTBOX_STATUSES = ['kept', 'queued', 'sending', 'sent', 'failed'] as const;
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })).optional(),
  kind: z.enum(OUTBOX_MAIL_KINDS),
  about: z.array(z.object({ type: z.enum(['invoice', 'proposal', 'lead', 'client', 'job']), id: z.string(), label: z.string() })),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  retryable: z.boolean(),
});
export type OutboxMailDto = z.infer<typeof outboxMailSchema>;
export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  q: z.string().max(200).optional(),
  related: z.string().max(200).optional(),
  cursor: z.string().max(2000).optional(),
});
export const outboxListSchema = z.object({
  mails: z.array(outboxMailSchema),
  nextCursor: z.string().nullable(),
  /** True: mail is delivered over SMTP; false: only kept in the outbox. */
  delivers: z.boolean(),
});
export type OutboxListDto = z.infer<typeof outboxListSchema>;
