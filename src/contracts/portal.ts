import { z } from 'zod';
import { addressSchema, emailSchema } from './clients.ts';
import { phoneField } from './form-fields.ts';

/** The client hub's API (docs/portal.md): what a customer reads and sends at /portal. */

const text = (max: number, label: string) =>
  z
    .string({ error: () => `${label} is required.` })
    .trim()
    .max(max, `${label} is too long (${max} characters at most).`);

export const signInLinkRequestSchema = z.object({ email: emailSchema }).strict();
export const signInWithLinkSchema = z.object({ token: z.string().trim().min(1, 'The link has no token.').max(200, 'The link is not valid.') }).strict();
export const portalMessageSchema = z.object({ message: z.string() });

export const portalClientParamsSchema = z.object({ clientId: z.string().min(1).max(200) });
export const portalDocumentParamsSchema = portalClientParamsSchema.extend({ id: z.string().min(1).max(200) });

export const portalClientSummarySchema = z.object({ id: z.string(), name: z.string(), company: z.string() });
export const portalClientsSchema = z.object({ email: z.string(), clients: z.array(portalClientSummarySchema) });

const addressOut = z.object({ line1: z.string(), line2: z.string(), city: z.string(), region: z.string(), postcode: z.string(), country: z.string() });

export const portalHubSchema = z.object({
  client: z.object({
    id: z.string(),
    name: z.string(),
    company: z.string(),
    contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    billingAddress: addressOut,
    sites: z.array(z.object({ id: z.string(), label: z.string(), address: z.string() })),
  }),
  proposals: z.array(
    z.object({ id: z.string(), number: z.string(), title: z.string(), status: z.enum(['open', 'accepted']), validUntil: z.string(), sentAt: z.string().nullable(), link: z.string().nullable() }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      kind: z.enum(['invoice', 'credit-note']),
      title: z.string(),
      issueDate: z.string(),
      dueDate: z.string(),
      totalCents: z.number(),
      balanceCents: z.number(),
      status: z.enum(['sent', 'partial', 'paid', 'void']),
      overdue: z.boolean(),
      link: z.string().nullable(),
    }),
  ),
  visits: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      title: z.string(),
      type: z.string(),
      status: z.string(),
      when: z.enum(['upcoming', 'past']),
      siteLabel: z.string(),
      start: z.string().nullable(),
      end: z.string().nullable(),
      technicians: z.array(z.string()),
      signOff: z.boolean(),
    }),
  ),
  contracts: z.array(
    z.object({ id: z.string(), plan: z.string(), siteLabel: z.string(), monthlyFeeCents: z.number(), billingCycle: z.string(), status: z.string(), startDate: z.string(), endDate: z.string().nullable() }),
  ),
  cameraPlans: z.array(z.object({ id: z.string(), name: z.string(), siteLabel: z.string(), updatedAt: z.string() })),
});
export type PortalHub = z.infer<typeof portalHubSchema>;

export const serviceRequestSchema = z
  .object({
    siteId: z.string({ error: () => 'Pick the site.' }).min(1, 'Pick the site.').max(200),
    summary: text(120, 'What needs doing').min(3, 'Say in a few words what needs doing.'),
    details: text(2000, 'Details').default(''),
    preferredTimes: text(200, 'Preferred times').default(''),
  })
  .strict();
export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;

export const contactDetailsSchema = z
  .object({
    phone: phoneField('Phone', { optional: true }),
    email: emailSchema,
    billingAddress: addressSchema,
  })
  .strict();
export type ContactDetailsInput = z.input<typeof contactDetailsSchema>;
export const contactDetailsResultSchema = z.object({ message: z.string(), emailChanged: z.boolean() });

export const serviceJobResultSchema = z.object({ jobId: z.string(), number: z.string() });

/** GET /api/portal/viewer/:kind/:token: the signed-in customer of a public proposal's or invoice's client (404 for anyone else). */
export const documentViewerParamsSchema = z.object({ kind: z.enum(['proposal', 'invoice']), token: z.string().min(1).max(200) });
export const documentViewerSchema = z.object({ clientId: z.string(), name: z.string(), email: z.string() });
export type DocumentViewer = z.infer<typeof documentViewerSchema>;
