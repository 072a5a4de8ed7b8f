import { readFileSync } from 'node:fs';

/**
 * Reads the records of a catalogue file: a JSON array of products, `{ "products": [...] }`, or one JSON
 * product per line (`.ndjson`/`.jsonl`). Validation is `validateCatalogue`'s job.
 */
export function readCatalogueFile(path: string): { records: unknown[] } | { problem: string } {
  const text = readFileSync(path, 'utf8');
  if (/\.(ndjson|jsonl)$/.test(path)) {
    const records: unknown[] = [];
    const lines = text.split('\n');
    for (const [index, line] of lines.entries()) {
      if (line.trim() === '') continue;
      try {
        records.push(JSON.parse(line));
      } catch (error) {
        return { problem: `line ${index + 1} is not valid JSON (${(error as Error).message})` };
      }
    }
    return { records };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problem: `the file is not valid JSON (${(error as Error).message})` };
  }
  const records = Array.isArray(data) ? data : (data as { products?: unknown } | null)?.products;
  return Array.isArray(records)
    ? { records }
    : { problem: 'expected a JSON array of products or {"products": [...]}' };
}
