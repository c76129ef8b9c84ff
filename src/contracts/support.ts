import { z } from 'zod';
import { text } from './text.ts';
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
    name: text('Please enter your name.').trim().min(2, 'Please enter your name.').max(100, 'Name is too long (100 characters at most).'),
    email: text('Please enter your e-mail address.').trim().max(254, 'E-mail is too long.').pipe(z.email('Please enter a valid e-mail address.')),
    phone: text('Phone must be text.')
      .trim()
      .max(30, 'Phone number is too long.')
      .regex(/^[+()\d\s.-]*$/, 'Use digits, spaces and + ( ) - . only.')
      .optional()
      .transform((v) => (v ? v : undefined)),
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

export const outboxListSchema = z.object({
  mails: z.array(z.object({ id: z.string(), to: z.string(), replyTo: z.string().optional(), subject: z.string(), text: z.string(), sentAt: z.string() })),
});
