import Papa from 'papaparse';
import { centsToDecimal } from '../../domain/shared/money.ts';

/**
 * The one CSV writer and reader: every export (clients, tax report, inventory, time) writes
 * through `csvRows`, the client import reads through `readCsv`. One escaping rule, for every
 * cell of every export (OWASP "CSV injection"): a text cell that starts with = + - @ tab or CR
 * is written with a leading apostrophe, so a spreadsheet shows it as text instead of running
 * it. There is no exception for "looks like a number": the tax report once let '-' and a digit
 * through, and `-1+1+cmd|' /C calc'!A0` reached the accountant raw. Numbers the product itself
 * computed (amounts, hours, counts) are passed as numbers (`number`, `csvNumber`, `csvMoney`)
 * and written bare, so a credit note's -12.50 stays a number in the spreadsheet.
 */

/** A number the product computed, in the digits it should show ("-12.50", "9.50"): written bare. */
export class CsvNumber {
  readonly text: string;
  constructor(text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new TypeError(`Not a plain decimal number: ${text}`);
    this.text = text;
  }
}

/** `value` with `digits` decimals (hours as 9.50). */
export const csvNumber = (value: number, digits = 0): CsvNumber => new CsvNumber(value.toFixed(digits));
/** Cents as a dot-decimal amount (12950 → 129.50, −1250 → -12.50). */
export const csvMoney = (cents: number): CsvNumber => new CsvNumber(centsToDecimal(cents));

export type CsvCell = string | number | CsvNumber | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/** Text as a cell a spreadsheet shows as text: the escaping rule above. */
export const escapeCsvText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
/** The inverse, for reading back an export: `'=x` → `=x`; any other text unchanged. */
export const unescapeCsvText = (text: string): string => (ESCAPED_FORMULA.test(text) ? text.slice(1) : text);

function cellText(cell: CsvCell): string {
  if (cell instanceof CsvNumber) return cell.text;
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return cell == null ? '' : escapeCsvText(cell);
}

/** Rows as RFC 4180 text: commas, quotes where needed, CRLF after every row ('' for none). */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(rows.map((r) => r.map(cellText)), { newline: '\r\n', escapeFormulae: false })}\r\n`;
}

/** A CSV file with a header row, as records by (trimmed) header; a leading byte-order mark is ignored. */
export const readCsv = (text: string): Papa.ParseResult<Record<string, string>> =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim() });
