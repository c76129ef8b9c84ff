import { z } from 'zod';

/** One office notification as the bell and /admin/notifications show it. */
export const notificationSchema = z.object({
  id: z.string(),
  /** One of OFFICE_KINDS (src/domain/notifications/notification.ts). */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  record: z.object({ kind: z.enum(['client', 'job', 'proposal', 'invoice', 'lead', 'message']), id: z.string(), label: z.string() }),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
export type NotificationListDto = z.infer<typeof notificationListSchema>;

export const markReadSchema = z.union([z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(500) }).strict(), z.object({ all: z.literal(true) }).strict()]);

/** One of TEMPLATE_KEYS (src/domain/notifications/notification-template.ts); the use cases refuse others. */
export const templateKeySchema = z.string().min(1).max(60);

export const templateInputSchema = z
  .object({
    subject: z.string({ error: 'Subject: write the line the customer sees in their inbox.' }).max(1000),
    body: z.string({ error: 'Message: write the text of the e-mail.' }).max(20_000),
    sms: z.string().max(2000).nullable().optional(),
  })
  .strict();

export const templateSchema = z.object({
  key: templateKeySchema,
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  sms: z.string().nullable(),
  placeholders: z.array(z.string()),
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TemplateDto = z.infer<typeof templateSchema>;

export const templatePreviewSchema = z.object({ subject: z.string(), body: z.string(), sms: z.string().nullable() });
export type TemplatePreviewDto = z.infer<typeof templatePreviewSchema>;

export const customerMessagesSchema = z.object({ optedOut: z.boolean() });
export const customerMessagesInputSchema = z.object({ optedOut: z.boolean({ error: 'Say whether the customer receives messages.' }) }).strict();

