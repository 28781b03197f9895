import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs quoting and nothing else', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', ' padded', 42, null])).toBe(
      'plain,"a,b","say ""hi""","two\nlines"," padded",42,\r\n',
    );
  });

  it('never lets a typed text become a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(
      `"'=HYPERLINK(""http://evil.example"")"`,
    );
    expect(csvCell('+1 415 555 0100')).toBe("'+1 415 555 0100");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });

  it('reads back every row it writes', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', 'x') });
    fc.assert(
      fc.property(
        fc.array(fc.array(text, { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          const safe = rows.map((row) =>
            row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `x${cell}` : cell)),
          );
          const written = safe.map(csvLine).join('');
          expect(parseCsv(written)).toEqual(safe);
        },
      ),
    );
  });
});
