import { z } from 'zod';

/** "Pay" on /i/<token>: no amount pays the balance; an amount is what the person typed ("$1,000.00"). */
export const checkoutBodySchema = z.object({ amount: z.string().max(40).optional() }).strict();
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const paymentStatusQuerySchema = z.object({ checkout: z.string().max(200).optional() });
export const paymentStatusSchema = z.object({
  online: z.boolean(),
  checkout: z.object({ state: z.enum(['received', 'processing', 'not-paid']), amountCents: z.number() }).nullable(),
});
export type PaymentStatusDto = z.infer<typeof paymentStatusSchema>;

export const webhookResponseSchema = z.object({ outcome: z.string() });

export const refundParamsSchema = z.object({ id: z.string().min(1).max(100), paymentId: z.string().min(1).max(100) });
export const refundBodySchema = z.object({ amount: z.string().max(40).optional(), reason: z.string().trim().max(500, 'Reason: at most 500 characters.').optional() }).strict();
export const refundResponseSchema = z.object({ refundId: z.string(), amountCents: z.number() });
