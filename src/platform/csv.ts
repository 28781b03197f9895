import { stringify } from 'csv-stringify/sync';

/**
 * CSV as spreadsheets read it (RFC 4180), written by csv-stringify
 * (docs/decisions/0151-csv-stringify-writes-csv.md): fields joined by commas, quoted when they hold a comma, a quote, a line break or edge spaces,
 * quotes doubled, lines ended by CRLF. A text that a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or carriage return: an answer typed by a participant, say) is written with
 * a leading apostrophe (`escape_formulas`), so opening an export never runs what someone typed.
 * Numbers are written as they are.
 */
export type CsvCell = string | number | null | undefined;

const OPTIONS = {
  record_delimiter: 'windows',
  // A line break inside a field is quoted whatever the record delimiter.
  quote_record_delimiter: true,
  escape_formulas: true,
  // Edge spaces are quoted so a spreadsheet keeps them. A leading tab or carriage return is not
  // an edge space here: it gets the formula apostrophe first, and then no longer leads.
  quoted_match: /^(?![\t\r])\s|\s$/,
  cast: { number: (value: number) => (Number.isFinite(value) ? String(value) : '') },
} as const;

export function csvCell(value: CsvCell): string {
  return csvLine([value]).slice(0, -2);
}

export function csvLine(cells: readonly CsvCell[]): string {
  return stringify([cells as CsvCell[]], OPTIONS);
}

/** Reads CSV text back into rows (for tests and for checking an export's round trip). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
