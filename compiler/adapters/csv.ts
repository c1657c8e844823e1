// CSV as RFC 4180 writes it: quoted fields with "" for a quote, commas and line breaks inside quotes,
// empty fields kept, CRLF or LF rows, an optional byte-order mark. The one CSV reader of the compiler.
import { readFileSync } from 'node:fs';

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The rows of a CSV file after its header row. */
export function readCsvRows(path: string): string[][] {
  return parseCsv(readFileSync(path, 'utf8'))
    .slice(1)
    .filter((row) => row.length > 1 || row[0] !== '');
}
