import Papa from 'papaparse';
import type { Client } from '../../domain/clients/client.ts';
import { CLIENT_CSV_COLUMNS, CSV_IMPORT_MAX_ROWS, clientInputSchema, type ClientInput, type ClientInputParsed } from '../../contracts/clients.ts';
import { fieldErrors } from '../shared/field-errors.ts';

/**
 * The client CSV format (CLIENT_CSV_COLUMNS), read and written with papaparse. One row is one
 * client with its first contact, billing address and optionally one site; lists (e-mails,
 * phones, tags) are separated by ';'. Cells a spreadsheet would run as a formula are written
 * with a leading apostrophe, which import strips again.
 */
export interface ParsedRow {
  line: number;
  cells: Record<string, string>;
  input: ClientInputParsed | null;
  /** By CSV column name. */
  errors: Record<string, string[]>;
}

export interface ParsedCsv {
  rows: ParsedRow[];
  fileErrors: string[];
}

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

const unescapeFormula = (v: string): string => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

const header = (h: string): string => h.trim().toLowerCase().replace(/[\s-]+/g, '_');

function rowToInput(r: Record<string, string>): ClientInput {
  const g = (k: string) => r[k] ?? '';
  const hasContact = g('contact_name') || g('email') || g('phone');
  const hasSite = g('site_label') || g('site_address_line1');
  return {
    kind: (g('kind') || 'residential').toLowerCase() as ClientInput['kind'],
    name: g('name'),
    company: g('company'),
    contacts: hasContact ? [{ name: g('contact_name') || g('name'), role: g('contact_role'), emails: list(g('email')), phones: list(g('phone')) }] : [],
    billingAddress: { line1: g('address_line1'), line2: g('address_line2'), city: g('city'), region: g('region'), postcode: g('postcode'), country: g('country') },
    tags: list(g('tags')),
    source: (g('source') || 'other').toLowerCase() as ClientInput['source'],
    notes: g('notes'),
    sites: hasSite
      ? [
          {
            label: g('site_label') || 'Main site',
            address: { line1: g('site_address_line1'), line2: '', city: g('site_city'), region: g('site_region'), postcode: g('site_postcode'), country: g('country') },
          },
        ]
      : [],
  };
}

/** Where an input path lands in the file: contacts.0.emails.1 → email. */
function columnFor(path: readonly PropertyKey[]): string {
  const p = path.map(String);
  const [a, , c, d] = p;
  if (a === 'contacts') return c === 'emails' ? 'email' : c === 'phones' ? 'phone' : c === 'role' ? 'contact_role' : 'contact_name';
  if (a === 'billingAddress') return { line1: 'address_line1', line2: 'address_line2' }[c ?? p[1] ?? ''] ?? p[1] ?? 'address_line1';
  if (a === 'sites') {
    if (c === 'label') return 'site_label';
    const f = d ?? 'line1';
    return f === 'line1' ? 'site_address_line1' : `site_${f}`;
  }
  return a ?? 'row';
}

export function parseClientCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: header });
  const fileErrors: string[] = [];
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('name')) fileErrors.push(`The file needs a "name" column. Expected columns: ${CLIENT_CSV_COLUMNS.filter((c) => c !== 'id' && c !== 'archived' && c !== 'created_at').join(', ')}.`);
  if (parsed.data.length > CSV_IMPORT_MAX_ROWS) fileErrors.push(`The file has ${parsed.data.length} rows; import at most ${CSV_IMPORT_MAX_ROWS} at a time.`);
  if (parsed.data.length === 0 && fileErrors.length === 0) fileErrors.push('The file has no rows under its header.');
  const parseErrors = new Map<number, string[]>();
  for (const e of parsed.errors) if (typeof e.row === 'number') parseErrors.set(e.row, [...(parseErrors.get(e.row) ?? []), e.message]);
  if (fileErrors.length) return { rows: [], fileErrors };
  const rows = parsed.data.map((raw, i): ParsedRow => {
    const cells: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string' && (CLIENT_CSV_COLUMNS as readonly string[]).includes(k)) cells[k] = unescapeFormula(v.trim());
    // The header is line 1; rows with line breaks inside quotes make this approximate, which is fine for a hint.
    const line = i + 2;
    const rowErrors = parseErrors.get(i);
    if (rowErrors) return { line, cells, input: null, errors: { row: rowErrors } };
    const result = clientInputSchema.safeParse(rowToInput(cells));
    if (result.success) return { line, cells, input: result.data, errors: {} };
    return { line, cells, input: null, errors: fieldErrors(result.error.issues, { key: columnFor }) };
  });
  return { rows, fileErrors };
}

const formulaSafe = (v: string): string => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

function clientRow(c: Client): string[] {
  const contact = c.contacts[0];
  const site = c.sites[0];
  const row: Record<(typeof CLIENT_CSV_COLUMNS)[number], string> = {
    id: c.id,
    kind: c.kind,
    name: c.name,
    company: c.company,
    contact_name: contact?.name ?? '',
    contact_role: contact?.role ?? '',
    email: contact?.emails.join('; ') ?? '',
    phone: contact?.phones.join('; ') ?? '',
    address_line1: c.billingAddress.line1,
    address_line2: c.billingAddress.line2,
    city: c.billingAddress.city,
    region: c.billingAddress.region,
    postcode: c.billingAddress.postcode,
    country: c.billingAddress.country,
    tags: c.tags.join('; '),
    source: c.source,
    notes: c.notes,
    site_label: site?.label ?? '',
    site_address_line1: site?.address.line1 ?? '',
    site_city: site?.address.city ?? '',
    site_region: site?.address.region ?? '',
    site_postcode: site?.address.postcode ?? '',
    archived: c.archived ? 'yes' : 'no',
    created_at: c.createdAt,
  };
  return CLIENT_CSV_COLUMNS.map((k) => formulaSafe(row[k]));
}

export const csvHeaderLine = (): string => `${Papa.unparse([[...CLIENT_CSV_COLUMNS]])}\r\n`;

export const clientsToCsvLines = (clients: readonly Client[]): string => `${Papa.unparse(clients.map(clientRow))}\r\n`;
