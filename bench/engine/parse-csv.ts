/**
 * A small RFC 4180 reader (quoted fields, doubled quotes, any one-character delimiter), enough for the two
 * fixture files; the bench keeps its dependencies to the root devDependencies.
 */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows as objects keyed by the header row; missing cells become `''`. */
export function parseCsvObjects(text: string, delimiter: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text, delimiter);
  if (header === undefined) return [];
  return rows
    .filter((row) => row.length > 1 || (row[0] ?? '') !== '')
    .map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** Quotes a field when it holds the delimiter, a quote or a line break. */
export function formatCsvField(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter)
    ? `"${value.replaceAll('"', '""')}"`
    : value;
}

/** The cell of `column` in a row from `parseCsvObjects`, `''` when absent. */
export function cell(row: Readonly<Record<string, string>>, column: string): string {
  return row[column] ?? '';
}
