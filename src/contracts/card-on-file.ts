import { z } from 'zod';

/** A client's card on file as the portal and the office see it (docs/payments.md "Card on file"). */
export const cardOnFileSchema = z.object({
  /** False: no payment provider that saves cards is configured. */
  available: z.boolean(),
  card: z.object({ label: z.string(), brand: z.string(), last4: z.string(), expiry: z.string() }).nullable(),
  autoPay: z.boolean(),
  consent: z.string(),
  /** Invoices the card was declined for and that are still due (docs/payments.md "Retries"), newest first. */
  declined: z.array(
    z.object({
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      /** The invoice's public page, where it can be paid now. */
      payUrl: z.string().nullable(),
      balanceCents: z.number(),
      reason: z.string(),
      /** Attempts made so far, and the most there will be. */
      attempts: z.number(),
      of: z.number(),
      /** When the card is tried again; null: it is not. */
      nextAttemptAt: z.string().nullable(),
    }),
  ),
});
export type CardOnFileView = z.infer<typeof cardOnFileSchema>;

export const cardSetupSchema = z.object({ url: z.string() });
export const confirmCardSchema = z.object({ session: z.string().trim().min(1, 'The card page gave no reference.').max(200, 'The card page reference is not valid.') }).strict();
export const autoPaySchema = z.object({ autoPay: z.boolean({ error: () => 'Auto-pay monitoring invoices: choose on or off.' }) }).strict();
