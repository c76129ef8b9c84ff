import { z } from 'zod';

/** A document's public link after staff revoke or rotate it (invoices and proposals alike). */
export const publicLinkSchema = z.object({ url: z.string(), active: z.boolean() });
export type PublicLinkDto = z.infer<typeof publicLinkSchema>;
