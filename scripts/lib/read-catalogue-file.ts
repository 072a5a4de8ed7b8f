import { readFileSync } from 'node:fs';
import type { RecordProblem } from '@vitrine/catalogue';

/**
 * Reads the records of a catalogue file: a JSON array of products, `{ "products": [...] }`, or one JSON
 * product per line (`.ndjson`/`.jsonl`). Validation is `validateCatalogue`'s job.
 */
export function readCatalogueFile(path: string): { records: unknown[] } | { problems: RecordProblem[] } {
  const text = readFileSync(path, 'utf8');
  if (/\.(ndjson|jsonl)$/.test(path)) {
    const records: unknown[] = [];
    const problems: RecordProblem[] = [];
    text.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      try {
        records.push(JSON.parse(line));
      } catch (error) {
        problems.push({ position: index + 1, id: undefined, reason: `not valid JSON: ${(error as Error).message}` });
      }
    });
    return problems.length > 0 ? { problems } : { records };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problems: [{ position: 0, id: undefined, reason: `the file is not valid JSON: ${(error as Error).message}` }] };
  }
  const records = Array.isArray(data) ? data : (data as { products?: unknown } | null)?.products;
  if (!Array.isArray(records)) {
    return { problems: [{ position: 0, id: undefined, reason: 'expected a JSON array of products or {"products": [...]}' }] };
  }
  return { records };
}
