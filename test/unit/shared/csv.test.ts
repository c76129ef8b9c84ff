import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvMoney, csvNumber, csvRows, escapeCsvText, readCsv, unescapeCsvText } from '../../../src/application/shared/csv.ts';

const parse = (csv: string): string[][] => Papa.parse<string[]>(csv).data;

describe('the one CSV writer', () => {
  it('writes every text cell starting with = + - @ tab or CR with a leading apostrophe, a "-" and a digit too', () => {
    const hostile = ["-1+1+cmd|' /C calc'!A0", '-5', '=1+1', '+1', '@SUM(A1)', '\t=1', '\r=1', '-', '=', '@'];
    const [row] = parse(csvRows([hostile]));
    expect(row).toEqual(hostile.map((h) => `'${h}`));
  });

  it('leaves other text alone and quotes what needs quoting', () => {
    const text = ['Dana Whitfield', 'O\'Brien, "Pat"', 'line\nbreak', ' padded ', '1-800', 'a=b', ''];
    expect(parse(csvRows([text]))[0]).toEqual(text);
  });

  it('writes numbers the product computed bare, negative ones too (a credit note stays a number)', () => {
    expect(csvRows([[-5, 12, csvMoney(-1250), csvMoney(12_950), csvNumber(9.5, 2), csvNumber(-0.25, 1), null, undefined, Number.NaN]])).toBe('-5,12,-12.50,129.50,9.50,-0.3,,,\r\n');
    expect(() => csvNumber(Number.POSITIVE_INFINITY)).toThrow();
  });

  it('ends every row with CRLF, and writes nothing for no rows', () => {
    expect(csvRows([['a', 'b'], ['c', 'd']])).toBe('a,b\r\nc,d\r\n');
    expect(csvRows([])).toBe('');
  });

  it('reads back what it wrote: the apostrophe comes off on import, other text is kept', () => {
    const names = ["-1+1+cmd|' /C calc'!A0", "'quoted", 'plain'];
    const csv = `\uFEFF${csvRows([[' name '], ...names.map((n) => [n])])}`;
    const read = readCsv(csv);
    expect(read.meta.fields).toEqual(['name']);
    expect(read.data.map((r) => unescapeCsvText(r['name']!))).toEqual(names);
    for (const n of names) expect(unescapeCsvText(escapeCsvText(n))).toBe(n);
  });
});
