import { z } from 'zod';
import { text, visitorName, visitorEmail, optionalPhone } from './text.ts';

/** Shared by POST /api/contact and the Contact form, so both refuse the same input the same way. */
export const contactRequestSchema = z
  .object({
    name: visitorName(),
    email: visitorEmail(),
    phone: optionalPhone(),
    subject: text('Please add a subject.').trim().min(3, 'Please add a subject.').max(150, 'Subject is too long (150 characters at most).'),
    message: text('Please write your message.')
      .trim()
      .min(10, 'Please write at least 10 characters.')
      .max(5000, 'Message is too long (5000 characters at most).'),
  })
  .strict();

export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactRequestParsed = z.output<typeof contactRequestSchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(['new', 'answered', 'archived']),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const contactResponseSchema = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
