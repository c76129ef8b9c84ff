import { z } from 'zod';

/** What "Send" is about to do, shown before it does it (invoices and proposals alike). */
export const sendPreviewSchema = z.object({
  clientId: z.string(),
  /** Who it goes to, by name, and the address it would go to (null: the client has none). */
  toName: z.string(),
  to: z.string().nullable(),
  subject: z.string(),
  /** File names of what goes along (the PDF). */
  attachments: z.array(z.string()),
  /** The client's page the mail links to. */
  link: z.string(),
  /** When it was last sent (null: never), and to whom when that is known. */
  lastSentAt: z.string().nullable(),
  lastSentTo: z.string().nullable(),
});
export type SendPreviewDto = z.infer<typeof sendPreviewSchema>;
