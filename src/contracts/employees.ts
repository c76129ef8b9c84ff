import { z } from 'zod';
import { text } from './text.ts';
import { phoneField } from './form-fields.ts';

/**
 * The employee database's API (/api/employees), shared by the routes and the SPA's editor.
 * Contracts import only zod, so the lists below repeat the domain's (src/domain/auth/permissions.ts,
 * src/domain/employees/employee-record.ts); test/unit/employees/contracts.test.ts keeps them equal.
 */
export const EMPLOYMENT_STATUS_VALUES = ['active', 'on-leave', 'inactive'] as const;
export const employmentStatusSchema = z.enum(EMPLOYMENT_STATUS_VALUES, { error: 'Choose active, on leave or inactive.' });
export type EmploymentStatusValue = z.infer<typeof employmentStatusSchema>;

/** The five view/edit pairs, then the extra switches, in the order the editor shows them. */
export const PERMISSION_AREAS = [
  { area: 'clients', label: 'Clients', view: 'viewClients', edit: 'editClients' },
  { area: 'jobs', label: 'Jobs', view: 'viewJobs', edit: 'editJobs' },
  { area: 'invoices', label: 'Invoices', view: 'viewInvoices', edit: 'editInvoices' },
  { area: 'inventory', label: 'Inventory', view: 'viewInventory', edit: 'editInventory' },
  { area: 'proposals', label: 'Proposals', view: 'viewProposals', edit: 'editProposals' },
] as const;
export const EXTRA_PERMISSION_SWITCHES = [{ key: 'useVisionAi', label: 'Use Vision AI analysis' }] as const;

export const PERMISSION_KEYS = [...PERMISSION_AREAS.flatMap((a) => [a.view, a.edit]), ...EXTRA_PERMISSION_SWITCHES.map((e) => e.key)] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

const PERMISSION_LABELS: Record<string, string> = Object.fromEntries([
  ...PERMISSION_AREAS.flatMap((a) => [
    [a.view, `View ${a.area}`],
    [a.edit, `Edit ${a.area}`],
  ]),
  ...EXTRA_PERMISSION_SWITCHES.map((s) => [s.key, s.label]),
]);

/** How a permission reads to a person, as the employee editor's switch names it: "View invoices". */
export const permissionLabel = (key: string): string => PERMISSION_LABELS[key] ?? key;

export const EMPLOYEE_SORT_VALUES = ['name', '-name', 'email', '-email', 'status', '-status', 'updated', '-updated', 'created', '-created'] as const;

const flag = z.boolean({ error: 'Must be on or off (true or false).' });

/** Any subset of the switches; asking for edit while turning view off is contradictory. */
export const permissionsPatchSchema = z
  .strictObject(Object.fromEntries(PERMISSION_KEYS.map((k) => [k, flag.optional()])) as Record<PermissionKey, z.ZodOptional<typeof flag>>)
  .superRefine((p, ctx) => {
    for (const a of PERMISSION_AREAS) {
      if (p[a.edit] === true && p[a.view] === false)
        ctx.addIssue({ code: 'custom', path: [a.view], message: `Editing ${a.area} needs viewing them: turn view on or edit off.` });
    }
  });

/** '' or null clears an optional text field; absent leaves it as it is. */
const optionalText = (max: number, message: string) =>
  z
    .union([text('Must be text.').trim().max(max, message), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v));

const nameSchema = text('Please enter a name.').trim().min(2, 'Please enter a name (2 characters at least).').max(100, 'Name is too long (100 characters at most).');
const emailSchema = text('Please enter an e-mail address.')
  .trim()
  .toLowerCase()
  .max(254, 'E-mail is too long.')
  .pipe(z.email('Please enter a valid e-mail address.'));
const phoneSchema = z
  .union([phoneField('Phone', { optional: true }), z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));
const photoUrlSchema = z
  .union([
    text('Must be text.')
      .trim()
      .max(2000, 'Photo address is too long.')
      .refine((v) => v === '' || /^https:\/\/\S+$/i.test(v), 'Use an https:// address.'),
    z.null(),
  ])
  .optional()
  .transform((v) => (v === '' ? null : v));

const editableFields = {
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  title: optionalText(100, 'Title is too long (100 characters at most).'),
  photoUrl: photoUrlSchema,
  employmentStatus: employmentStatusSchema,
  permissions: permissionsPatchSchema,
};

/** POST /api/employees. Unknown fields are refused (no mass assignment). */
export const employeeCreateSchema = z.strictObject({
  ...editableFields,
  employmentStatus: employmentStatusSchema.optional(),
  permissions: permissionsPatchSchema.optional(),
});
export type EmployeeCreateInput = z.input<typeof employeeCreateSchema>;
export type EmployeeCreate = z.output<typeof employeeCreateSchema>;

/** PATCH /api/employees/:id: any of the fields; permissions name only the switches to set. */
export const employeeUpdateSchema = z
  .strictObject({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    phone: phoneSchema,
    title: editableFields.title,
    photoUrl: photoUrlSchema,
    employmentStatus: employmentStatusSchema.optional(),
    permissions: permissionsPatchSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change.' });
export type EmployeeUpdateInput = z.input<typeof employeeUpdateSchema>;

export const employeeIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const employeeListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search is too long (100 characters at most).').default(''),
  status: employmentStatusSchema.optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int('Must be a whole number.').min(1).max(100).default(25),
  sort: z.enum(EMPLOYEE_SORT_VALUES).default('name'),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;

export const employeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  photoUrl: z.string().nullable(),
  employmentStatus: employmentStatusSchema,
  permissions: z.record(z.string(), z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployeeDto = z.infer<typeof employeeSchema>;

export const employeePageSchema = z.object({ items: z.array(employeeSchema), nextCursor: z.string().nullable() });
export type EmployeePageDto = z.infer<typeof employeePageSchema>;

