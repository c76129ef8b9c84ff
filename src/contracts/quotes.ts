import { z } from 'zod';
import { phoneField } from './form-fields.ts';
import { text, visitorName, visitorEmail } from './text.ts';
import { LEAD_STATUS_VALUES, QUOTE_SERVICES } from './public-site-values.ts';

export { LEAD_STATUS_VALUES, QUOTE_SERVICES };

/**
 * The free-quote form, shared by POST /api/quotes (multipart: each field a text part, services
 * repeated, photos as file parts) and the Quote screen. Photos are checked on the server by
 * their bytes, so they are not part of this schema.
 */
export const QUOTE_SERVICE_OPTIONS = [
  { value: 'alarm', label: 'Alarm system' },
  { value: 'cameras', label: 'Security cameras' },
  { value: 'prewire', label: 'New-home prewire' },
  { value: 'panel-upgrade', label: 'Panel upgrade' },
  { value: 'consultation', label: 'Security consultation' },
] as const;
const SERVICES = QUOTE_SERVICES;

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTOS = 3;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

const emptyToNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

export const quoteRequestSchema = z
  .object({
    name: visitorName(),
    email: visitorEmail(),
    phone: phoneField('Phone'),
    services: z
      .array(z.enum(SERVICES, { error: 'Choose from the listed services.' }), { error: 'Choose at least one service.' })
      .min(1, 'Choose at least one service.')
      .max(SERVICES.length)
      .refine((s) => new Set(s).size === s.length, 'Each service once.'),
    propertyType: z.enum(['residential', 'commercial'], { error: 'Choose residential or commercial.' }),
    construction: z.enum(['new', 'existing'], { error: 'Choose new build or existing building.' }),
    address: text('Please enter the property address.')
      .trim()
      .min(1, 'Please enter the property address.')
      // "1" or "12345" is an address begun, not one we can drive to: say what is missing.
      .refine((a) => a === '' || (a.length >= 5 && /\p{L}/u.test(a)), 'Address: enter the street and number, e.g. 12 Oak St.')
      .max(200, 'Address is too long.'),
    postcode: text('Please enter the postcode.')
      .trim()
      .min(3, 'Please enter the postcode.')
      .max(10, 'Postcode is too long.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and - only.'),
    preferredDate: z
      .string()
      .optional()
      .transform(emptyToNull)
      .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Use the date picker (YYYY-MM-DD).'),
    preferredWindow: z
      .union([z.enum(['morning', 'afternoon']), z.literal('')], { error: 'Choose morning or afternoon.' })
      .optional()
      .transform((v) => (v ? v : null)),
    description: text('Tell us a little about the job.')
      .trim()
      .min(10, 'Please write at least 10 characters.')
      .max(5000, 'Description is too long (5000 characters at most).'),
    /** Honeypot: hidden from people; a bot that fills it is answered as if all went well. */
    website: z.string().max(500).optional(),
  })
  .strict();

export type QuoteRequestForm = z.input<typeof quoteRequestSchema>;
export type QuoteRequestParsed = z.output<typeof quoteRequestSchema>;

export const quoteResponseSchema = z.object({ id: z.string(), receivedAt: z.string(), photos: z.number().int() });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;


export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  services: z.array(z.string()),
  propertyType: z.enum(['residential', 'commercial']),
  construction: z.enum(['new', 'existing']),
  address: z.string(),
  postcode: z.string(),
  preferredDate: z.string().nullable(),
  preferredWindow: z.enum(['morning', 'afternoon']).nullable(),
  description: z.string(),
  photos: z.array(z.object({ contentType: z.string(), size: z.number(), fileName: z.string().nullable() })),
  status: z.enum(LEAD_STATUS_VALUES),
  nextStatuses: z.array(z.enum(LEAD_STATUS_VALUES)),
  convertedClientId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadListQuerySchema = z.object({
  status: z.enum(LEAD_STATUS_VALUES).optional(),
  cursor: z.string().max(2000).optional(),
});
export const leadListSchema = z.object({ leads: z.array(leadSchema), nextCursor: z.string().nullable() });
export type LeadList = z.infer<typeof leadListSchema>;

export const leadStatusChangeSchema = z.object({ status: z.enum(LEAD_STATUS_VALUES) }).strict();
