import { permissionLabel, type EmploymentStatusValue } from '#contracts/employees.ts';

export const STATUS_LABELS: Record<EmploymentStatusValue, string> = { active: 'Active', 'on-leave': 'On leave', inactive: 'Inactive' };

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  title: 'Title',
  photoUrl: 'Photo',
  employmentStatus: 'Status',
  // Written when the status leaves active: the phone-calendar link is revoked (docs/jobs.md).
  calendarFeed: 'Calendar link',
};

/** How an audit change's field reads to a person: "Edit jobs", "Status". */
export function fieldLabel(field: string): string {
  if (field.startsWith('permissions.')) return permissionLabel(field.slice('permissions.'.length));
  return FIELD_LABELS[field] ?? field;
}

export function valueLabel(field: string, value: string | number | boolean | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (field === 'employmentStatus' && value in STATUS_LABELS) return STATUS_LABELS[value as EmploymentStatusValue];
  return String(value);
}
