import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { phoneField } from './form-fields.ts';

/**
 * Requests and answers of /api/clients, shared by the routes and the SPA's forms, so both refuse
 * the same input with the same messages. Kept free of domain imports (contracts are leaves), so
 * the enums are restated here; test/unit/clients/client-contracts.test.ts checks they agree.
 */
export const CLIENT_KIND_VALUES = ['residential', 'commercial'] as const;
export const CLIENT_SOURCE_VALUES = ['lead', 'referral', 'website', 'phone', 'other'] as const;
export const CLIENT_KIND_LABELS: Readonly<Record<(typeof CLIENT_KIND_VALUES)[number], string>> = { residential: 'Residential', commercial: 'Commercial' };
/** Where a client came from, as the form, the client page and its history say it. */
export const CLIENT_SOURCE_LABELS: Readonly<Record<(typeof CLIENT_SOURCE_VALUES)[number], string>> = { lead: 'Quote request', referral: 'Referral', website: 'Website', phone: 'Phone', other: 'Other' };
export const ZONE_TYPE_VALUES = ['entry-exit', 'perimeter', 'interior', '24-hour', 'fire', 'carbon-monoxide', 'panic', 'medical', 'water', 'other'] as const;
/** Zone types as an installer says them. */
export const ZONE_TYPE_LABELS: Readonly<Record<(typeof ZONE_TYPE_VALUES)[number], string>> = {
  'entry-exit': 'Entry/exit',
  perimeter: 'Perimeter',
  interior: 'Interior',
  '24-hour': '24-hour',
  fire: 'Fire',
  'carbon-monoxide': 'Carbon monoxide',
  panic: 'Panic',
  medical: 'Medical',
  water: 'Water',
  other: 'Other',
};
export const CLIENT_SORT_VALUES = ['name', '-name', 'createdAt', '-createdAt'] as const;
export const ARCHIVED_FILTER_VALUES = ['active', 'archived', 'all'] as const;

const str = (max: number, label: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .max(max, `${label} is too long (${max} characters at most).`);
const optStr = (max: number, label: string) => str(max, label).default('');

export const phoneSchema = phoneField('Phone');
export const emailSchema = str(254, 'E-mail').pipe(z.email('Enter a valid e-mail address.'));

export const addressSchema = z
  .object({
    line1: optStr(200, 'Address'),
    line2: optStr(200, 'Address line 2'),
    city: optStr(100, 'City'),
    region: optStr(100, 'State / region'),
    postcode: optStr(20, 'Postcode'),
    country: optStr(60, 'Country'),
  })
  .strict();
export type AddressInput = z.input<typeof addressSchema>;

export const contactSchema = z
  .object({
    name: str(120, 'Contact name').min(1, 'Contact name is required.'),
    role: optStr(80, 'Role'),
    emails: z.array(emailSchema).max(5, 'At most 5 e-mails.').default([]),
    phones: z.array(phoneSchema).max(5, 'At most 5 phones.').default([]),
  })
  .strict();

export const zoneSchema = z
  .object({
    number: z.number({ error: 'Zone number must be a number.' }).int('Zone number must be whole.').min(1, 'Zone numbers start at 1.').max(999, 'Zone number is too large.'),
    name: str(80, 'Zone name').min(1, 'Zone name is required.'),
    type: z.enum(ZONE_TYPE_VALUES, { error: 'Pick a zone type.' }),
  })
  .strict();

export const emergencyContactSchema = z
  .object({
    name: str(120, 'Name').min(1, 'Name is required.'),
    phone: phoneSchema,
    relation: optStr(60, 'Relation'),
  })
  .strict();

/** R-DB-3: latitude −90..90, longitude −180..180. */
export const geoSchema = z
  .object({
    latitude: z.number({ error: 'Latitude must be a number.' }).min(-90, 'Latitude must be between -90 and 90.').max(90, 'Latitude must be between -90 and 90.'),
    longitude: z
      .number({ error: 'Longitude must be a number.' })
      .min(-180, 'Longitude must be between -180 and 180.')
      .max(180, 'Longitude must be between -180 and 180.'),
  })
  .strict();

const uniqueZones = (zones: { number: number }[]) => new Set(zones.map((z) => z.number)).size === zones.length;

export const alarmInputSchema = z
  .object({
    centralStation: optStr(120, 'Central station'),
    accountNumber: optStr(40, 'Account number'),
    panelModel: optStr(80, 'Panel model'),
    zones: z.array(zoneSchema).max(256, 'At most 256 zones.').default([]).refine(uniqueZones, 'Zone numbers must be unique.'),
    emergencyContacts: z.array(emergencyContactSchema).max(10, 'At most 10 emergency contacts.').default([]),
    /** Absent: keep the stored passcode; '' or null: remove it; text: replace it. */
    passcode: z
      .string({ error: 'Passcode must be text.' })
      .trim()
      .max(32, 'Passcode is too long (32 characters at most).')
      .regex(/^[\w*#-]*$/, 'Use letters, digits and * # - _ only.')
      .nullable()
      .optional(),
  })
  .strict();

export const siteInputSchema = z
  .object({
    label: str(80, 'Site label').min(1, 'Give the site a label, e.g. Home or Warehouse.'),
    address: addressSchema.refine((a) => a.line1.length > 0, { message: 'Street address is required.', path: ['line1'] }),
    geo: geoSchema.nullable().default(null),
    alarm: alarmInputSchema.default({ centralStation: '', accountNumber: '', panelModel: '', zones: [], emergencyContacts: [] }),
  })
  .strict();
export type SiteInput = z.input<typeof siteInputSchema>;
export type SiteInputParsed = z.output<typeof siteInputSchema>;

export const sitePatchSchema = z
  .object({
    label: siteInputSchema.shape.label.optional(),
    address: siteInputSchema.shape.address.optional(),
    geo: geoSchema.nullable().optional(),
    alarm: alarmInputSchema.optional(),
  })
  .strict();
export type SitePatch = z.output<typeof sitePatchSchema>;

const tagsSchema = z
  .array(str(40, 'Tag').min(1, 'Tags cannot be empty.').regex(/^[\p{L}\p{N} _-]+$/u, 'Tags use letters, digits, spaces, - and _ only.'))
  .max(20, 'At most 20 tags.')
  .default([]);

const clientFields = {
  kind: z.enum(CLIENT_KIND_VALUES, { error: 'Choose residential or commercial.' }),
  name: str(120, 'Name').min(2, 'Enter the client name (at least 2 characters).'),
  company: optStr(120, 'Company'),
  contacts: z.array(contactSchema).max(10, 'At most 10 contacts.').default([]),
  billingAddress: addressSchema.default({ line1: '', line2: '', city: '', region: '', postcode: '', country: '' }),
  tags: tagsSchema,
  notes: optStr(5000, 'Notes'),
  source: z.enum(CLIENT_SOURCE_VALUES, { error: 'Choose where the client came from.' }).default('other'),
};

export const clientInputSchema = z
  .object({
    ...clientFields,
    sites: z.array(siteInputSchema).max(50, 'At most 50 sites.').default([]),
  })
  .strict();
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientInputParsed = z.output<typeof clientInputSchema>;

export const clientPatchSchema = z
  .object({
    kind: clientFields.kind.optional(),
    name: clientFields.name.optional(),
    company: str(120, 'Company').optional(),
    contacts: z.array(contactSchema).max(10, 'At most 10 contacts.').optional(),
    billingAddress: addressSchema.optional(),
    tags: tagsSchema.unwrap().optional(),
    notes: str(5000, 'Notes').optional(),
    source: z.enum(CLIENT_SOURCE_VALUES, { error: 'Choose where the client came from.' }).optional(),
  })
  .strict();
export type ClientPatch = z.output<typeof clientPatchSchema>;

export const clientListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(CLIENT_KIND_VALUES).optional(),
  tag: z.string().trim().max(40).optional(),
  source: z.enum(CLIENT_SOURCE_VALUES).optional(),
  archived: z.enum(ARCHIVED_FILTER_VALUES).default('active'),
  sort: z.enum(CLIENT_SORT_VALUES).default('name'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
});
export type ClientListQueryInput = z.input<typeof clientListQuerySchema>;

// ---- answers ----------------------------------------------------------------------------------

const address = z.object({ line1: z.string(), line2: z.string(), city: z.string(), region: z.string(), postcode: z.string(), country: z.string() });
export type Address = z.infer<typeof address>;

export const siteViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  address,
  geo: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  alarm: z.object({
    centralStation: z.string(),
    accountNumber: z.string(),
    panelModel: z.string(),
    zones: z.array(z.object({ number: z.number(), name: z.string(), type: z.enum(ZONE_TYPE_VALUES) })),
    emergencyContacts: z.array(z.object({ name: z.string(), phone: z.string(), relation: z.string() })),
    /** The passcode itself is never in a view; POST …/reveal-passcode returns it. */
    hasPasscode: z.boolean(),
  }),
});
export type SiteView = z.infer<typeof siteViewSchema>;

export const clientViewSchema = z.object({
  id: z.string(),
  kind: z.enum(CLIENT_KIND_VALUES),
  name: z.string(),
  company: z.string(),
  contacts: z.array(z.object({ name: z.string(), role: z.string(), emails: z.array(z.string()), phones: z.array(z.string()) })),
  billingAddress: address,
  tags: z.array(z.string()),
  notes: z.string(),
  source: z.enum(CLIENT_SOURCE_VALUES),
  archived: z.boolean(),
  leadId: z.string().nullable(),
  sites: z.array(siteViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

export const clientSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(CLIENT_KIND_VALUES),
  name: z.string(),
  company: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string(),
  tags: z.array(z.string()),
  source: z.enum(CLIENT_SOURCE_VALUES),
  archived: z.boolean(),
  siteCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const clientListResponseSchema = z.object({ items: z.array(clientSummarySchema), nextCursor: z.string().nullable() });
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

export const revealPasscodeResponseSchema = z.object({ passcode: z.string() });

const relatedRecord = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  title: z.string().nullable(),
  siteId: z.string().nullable(),
  date: z.string(),
  totalCents: z.number().int().nullable(),
  balanceCents: z.number().int().nullable(),
});
export type RelatedRecordView = z.infer<typeof relatedRecord>;
/** A kind is absent when the viewer lacks its permission (viewJobs, viewProposals, viewInvoices, useVisionAi). */
export const clientRelatedResponseSchema = z.object({
  jobs: z.array(relatedRecord).optional(),
  proposals: z.array(relatedRecord).optional(),
  invoices: z.array(relatedRecord).optional(),
  contracts: z.array(relatedRecord).optional(),
  visionAnalyses: z.array(relatedRecord).optional(),
  history: z.array(auditEntrySchema),
});
export type ClientRelatedResponse = z.infer<typeof clientRelatedResponseSchema>;

/** CSV import: the file's text (the SPA reads the file; 2 MB is ≈ 10 000 rows). */
export const CSV_IMPORT_MAX_BYTES = 2_000_000;
export const CSV_IMPORT_MAX_ROWS = 10_000;
/** The columns an import can fill, with the labels the mapping step shows. */
export const CLIENT_IMPORT_FIELDS = [
  { column: 'name', label: 'Name' },
  { column: 'kind', label: 'Kind (residential / commercial)' },
  { column: 'company', label: 'Company' },
  { column: 'contact_name', label: 'Contact name' },
  { column: 'contact_role', label: 'Contact role' },
  { column: 'email', label: 'E-mail' },
  { column: 'phone', label: 'Phone' },
  { column: 'address_line1', label: 'Street address' },
  { column: 'address_line2', label: 'Address line 2' },
  { column: 'city', label: 'City' },
  { column: 'region', label: 'State / region' },
  { column: 'postcode', label: 'ZIP / postcode' },
  { column: 'country', label: 'Country' },
  { column: 'tags', label: 'Tags' },
  { column: 'source', label: 'Source' },
  { column: 'notes', label: 'Notes' },
  { column: 'site_label', label: 'Site label' },
  { column: 'site_address_line1', label: 'Site street address' },
  { column: 'site_city', label: 'Site city' },
  { column: 'site_region', label: 'Site state / region' },
  { column: 'site_postcode', label: 'Site ZIP / postcode' },
] as const;
export type ClientImportColumn = (typeof CLIENT_IMPORT_FIELDS)[number]['column'];
const IMPORT_COLUMNS = CLIENT_IMPORT_FIELDS.map((f) => f.column) as [ClientImportColumn, ...ClientImportColumn[]];

export const clientImportRequestSchema = z
  .object({
    csv: z.string({ error: 'Attach a CSV file.' }).min(1, 'The file is empty.').max(CSV_IMPORT_MAX_BYTES, 'The file is too large (2 MB at most).'),
    /** The file's header → a column, or 'ignore'; for headers not recognised (or to override one). */
    mapping: z.record(z.string().max(200), z.union([z.enum(IMPORT_COLUMNS), z.literal('ignore')], { error: 'Map the column to a field or ignore it.' })).default({}),
    /** Leave out rows whose e-mail or phone an existing client or an earlier row already has. */
    skipDuplicates: z.boolean().default(true),
  })
  .strict();
export type ClientImportRequest = z.input<typeof clientImportRequestSchema>;

export const importRowSchema = z.object({
  /** 1-based line in the file (the header is line 1). */
  line: z.number(),
  name: z.string(),
  kind: z.string(),
  email: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  /** Why the row looks like someone already there ("Same e-mail as Ann Lee (existing client)"), or null. */
  duplicate: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const clientImportPreviewSchema = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  /** Problems with the file itself (missing columns, too many rows). */
  fileErrors: z.array(z.string()),
  /** Each header of the file and the column it fills (null: ignored). */
  columns: z.array(z.object({ header: z.string(), column: z.enum(IMPORT_COLUMNS).nullable(), recognised: z.boolean() })),
  /** Headers neither recognised nor mapped: their data would not be imported. */
  unmapped: z.array(z.string()),
  rows: z.array(importRowSchema),
});
export type ClientImportPreview = z.infer<typeof clientImportPreviewSchema>;
export const clientImportCommitSchema = z.object({ created: z.number(), skipped: z.number() });

/** Columns of the CSV format (export writes them all; import reads the writable ones). */
export const CLIENT_CSV_COLUMNS = [
  'id',
  'kind',
  'name',
  'company',
  'contact_name',
  'contact_role',
  'email',
  'phone',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postcode',
  'country',
  'tags',
  'source',
  'notes',
  'site_label',
  'site_address_line1',
  'site_city',
  'site_region',
  'site_postcode',
  'archived',
  'created_at',
] as const;

const optional = (schema: z.ZodType<string>, max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is too long (${max} characters at most).`)
    .superRefine((v, ctx) => {
      const r = v === '' ? null : schema.safeParse(v);
      if (r && !r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? `Check the ${label.toLowerCase()}.` });
    });

/**
 * POST /api/leads/:id/convert: the client the person reviewed in the pre-filled form. Every field
 * may be left out; what is left out comes from the quote request (the same draft the form shows).
 */
export const leadConversionSchema = z
  .object({
    kind: clientFields.kind,
    name: clientFields.name,
    email: optional(emailSchema, 254, 'E-mail'),
    phone: optional(phoneSchema, 30, 'Phone'),
    address: siteInputSchema.shape.address,
    siteLabel: siteInputSchema.shape.label,
    // No defaults: a field left out of the request must come from the draft, not become empty.
    tags: tagsSchema.unwrap(),
    notes: str(5000, 'Notes'),
  })
  .strict();
export type LeadConversionInput = z.input<typeof leadConversionSchema>;
export type LeadConversion = z.output<typeof leadConversionSchema>;
export const leadConversionRequestSchema = leadConversionSchema.partial().strict();
