import type { Client } from '../../domain/clients/client.ts';
import {
  CLIENT_CSV_COLUMNS,
  CLIENT_IMPORT_FIELDS,
  CSV_IMPORT_MAX_ROWS,
  clientInputSchema,
  type ClientImportColumn,
  type ClientInput,
  type ClientInputParsed,
} from '../../contracts/clients.ts';
import { fieldErrors } from '../shared/field-errors.ts';
import { csvRows, readCsv, unescapeCsvText } from '../shared/csv.ts';

/**
 * The client CSV format (CLIENT_CSV_COLUMNS), read and written with the one CSV module
 * (../shared/csv.ts). One row is one client with its first contact, billing address and
 * optionally one site; lists (e-mails, phones, tags) are separated by ';'. Cells a spreadsheet
 * would run as a formula are written with a leading apostrophe, which import strips again.
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
  /** Each header of the file and the column it fills (null: ignored). */
  columns: { header: string; column: ClientImportColumn | null; recognised: boolean }[];
  /** Headers neither recognised nor mapped. */
  unmapped: string[];
}

/** A header as compared: case, spaces and punctuation do not count ("E-mail", "ZIP code"). */
const headerKey = (h: string): string => h.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Headers people's spreadsheets use for each column, besides the column's own name. A file
 * with `Address,State,Zip` once previewed as all fine and dropped those three columns.
 */
const SYNONYMS: Readonly<Record<ClientImportColumn, readonly string[]>> = {
  name: ['name', 'full name', 'client', 'client name', 'customer', 'customer name', 'display name'],
  kind: ['kind', 'type', 'client type', 'customer type', 'property type'],
  company: ['company', 'company name', 'business', 'business name', 'organization', 'organisation'],
  contact_name: ['contact', 'contact name', 'contact person', 'primary contact'],
  contact_role: ['role', 'contact role', 'title', 'job title', 'position'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'emails'],
  phone: ['phone', 'phone number', 'mobile', 'mobile phone', 'cell', 'cell phone', 'tel', 'telephone', 'phones', 'home phone', 'work phone'],
  address_line1: ['address', 'street', 'street address', 'address 1', 'address line 1', 'address1', 'line 1', 'billing address', 'mailing address'],
  address_line2: ['address 2', 'address line 2', 'line 2', 'apt', 'apartment', 'suite', 'unit'],
  city: ['city', 'town', 'locality', 'city / town'],
  region: ['state', 'province', 'region', 'state / province', 'state/region', 'county'],
  postcode: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'post code', 'postal'],
  country: ['country', 'country code'],
  tags: ['tags', 'tag', 'labels', 'groups'],
  source: ['source', 'lead source', 'referral source'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
  site_label: ['site', 'site label', 'site name', 'location', 'location name'],
  site_address_line1: ['site address', 'site street', 'site address 1', 'site address line 1', 'site address line1'],
  site_city: ['site city', 'site town'],
  site_region: ['site state', 'site region', 'site province'],
  site_postcode: ['site zip', 'site zip code', 'site postcode', 'site postal code'],
};
const KNOWN_HEADERS: ReadonlyMap<string, ClientImportColumn> = new Map(
  (Object.entries(SYNONYMS) as [ClientImportColumn, readonly string[]][]).flatMap(([column, names]) => [column, ...names].map((n) => [headerKey(n), column] as const)),
);
/** Export-only columns: an export imports back without them counting as unmapped. */
const EXPORT_ONLY = new Set(['id', 'archived', 'created_at'].map(headerKey));
const IMPORT_COLUMNS: ReadonlySet<string> = new Set(CLIENT_IMPORT_FIELDS.map((f) => f.column));

export type ImportMapping = Readonly<Record<string, ClientImportColumn | 'ignore'>>;

/** Which column each header fills: the person's mapping first, then the known names; the first header claims a column. */
function mapHeaders(headers: readonly string[], mapping: ImportMapping): ParsedCsv['columns'] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const chosen = mapping[header];
    const known = KNOWN_HEADERS.get(headerKey(header)) ?? null;
    const column = chosen === 'ignore' ? null : chosen && IMPORT_COLUMNS.has(chosen) ? chosen : known;
    const free = column !== null && !taken.has(column);
    if (free) taken.add(column);
    return { header, column: free ? column : null, recognised: known !== null || EXPORT_ONLY.has(headerKey(header)) || chosen !== undefined };
  });
}

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

function rowToInput(r: Record<string, string>): ClientInput {
  const g = (k: string) => r[k] ?? '';
  const hasContact = g('contact_name') || g('email') || g('phone');
  const hasSite = g('site_label') || g('site_address_line1');
  return {
    kind: (g('kind') || 'residential').toLowerCase() as ClientInput['kind'],
    // A business list may have only a company column.
    name: g('name') || g('company'),
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

export function parseClientCsv(text: string, mapping: ImportMapping = {}): ParsedCsv {
  const parsed = readCsv(text);
  const fileErrors: string[] = [];
  const columns = mapHeaders(parsed.meta.fields ?? [], mapping);
  const unmapped = columns.filter((c) => !c.recognised).map((c) => c.header);
  const mapped = columns.filter((c): c is { header: string; column: ClientImportColumn; recognised: boolean } => c.column !== null);
  if (!mapped.some((c) => c.column === 'name' || c.column === 'company'))
    fileErrors.push('The file needs a name column ("Name", "Full name", "Company"…). Map one of its columns to Name below, or add one.');
  if (parsed.data.length > CSV_IMPORT_MAX_ROWS) fileErrors.push(`The file has ${parsed.data.length} rows; import at most ${CSV_IMPORT_MAX_ROWS} at a time.`);
  if (parsed.data.length === 0 && fileErrors.length === 0) fileErrors.push('The file has no rows under its header.');
  const parseErrors = new Map<number, string[]>();
  for (const e of parsed.errors) if (typeof e.row === 'number') parseErrors.set(e.row, [...(parseErrors.get(e.row) ?? []), e.message]);
  if (fileErrors.length) return { rows: [], fileErrors, columns, unmapped };
  const rows = parsed.data.map((raw, i): ParsedRow => {
    const cells: Record<string, string> = {};
    for (const c of mapped) {
      const v = raw[c.header];
      if (typeof v === 'string') cells[c.column] = unescapeCsvText(v.trim());
    }
    // The header is line 1; rows with line breaks inside quotes make this approximate, which is fine for a hint.
    const line = i + 2;
    const rowErrors = parseErrors.get(i);
    if (rowErrors) return { line, cells, input: null, errors: { row: rowErrors } };
    const result = clientInputSchema.safeParse(rowToInput(cells));
    if (result.success) return { line, cells, input: result.data, errors: {} };
    return { line, cells, input: null, errors: fieldErrors(result.error.issues, { key: columnFor }) };
  });
  return { rows, fileErrors, columns, unmapped };
}

/** A blank file with the import's columns and one example row, to fill in a spreadsheet. */
export const clientImportTemplateCsv = (): string =>
  csvRows([
    CLIENT_IMPORT_FIELDS.map((f) => f.column),
    CLIENT_IMPORT_FIELDS.map(
      (f) =>
        ({
          name: 'Jordan Alvarez-Whitfield',
          kind: 'residential',
          contact_name: 'Jordan Alvarez-Whitfield',
          email: 'jordan.alvarez@example.com',
          phone: '(217) 555-0142',
          address_line1: '123 Main St',
          city: 'Springfield',
          region: 'IL',
          postcode: '62704',
          country: 'US',
          tags: 'vip; alarm',
          source: 'referral',
          site_label: 'Home',
          site_address_line1: '123 Main St',
          site_city: 'Springfield',
          site_region: 'IL',
          site_postcode: '62704',
        })[f.column as string] ?? '',
    ),
  ]);

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
  return CLIENT_CSV_COLUMNS.map((k) => row[k]);
}

export const csvHeaderLine = (): string => csvRows([CLIENT_CSV_COLUMNS]);

export const clientsToCsvLines = (clients: readonly Client[]): string => csvRows(clients.map(clientRow));
