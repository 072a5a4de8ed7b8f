/**
 * `npm run import -- <file> [--replace]`: streams a catalogue file (a JSON array of products,
 * `{"products": [...]}`, or NDJSON: `.ndjson`/`.jsonl`, one product per line) into the store with a progress
 * bar (share read, products written, rate, time left). Upsert by default: products absent from the file are
 * kept; `--replace` removes them. A bad record anywhere means nothing is applied: every bad record is
 * reported with its position (and line) and reason. The file goes to the running storefront, which owns the
 * store (`POST /api/admin/import`, admin key), or — when the storefront is not running — into the store
 * opened here. The storefront re-syncs the search index after the import.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import {
  type CatalogueFormat,
  formatOf,
} from '../apps/storefront/src/server/catalogue/catalogue-records.ts';
import type { ImportOutcome } from '../apps/storefront/src/server/catalogue/import-catalogue.ts';
import type { ImportRecordError } from '../apps/storefront/src/server/catalogue/validate-records.ts';
import { readStackConfig, type SearchServiceInfo, searchServiceInfoFile } from './lib/config.ts';
import { formatSeconds, importProgress } from './lib/import-progress.ts';

const args = process.argv.slice(2);
const replace = args.includes('--replace');
const file = args.find((arg) => !arg.startsWith('--'));
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--replace');
if (!file || unknown.length > 0) {
  fail('usage: npm run import -- <catalogue.json | catalogue.ndjson> [--replace]');
}
const path = resolve(process.env['INIT_CWD'] ?? process.cwd(), file);
if (!existsSync(path)) fail(`no such file: ${path}`);
const format = formatOf(path);
const started = performance.now();

const config = readStackConfig();
const storefrontUrl = `http://127.0.0.1:${config.port}`;
const progress = importProgress(statSync(path).size, 'Importing');
const chunks = progress.count(createReadStream(path, { highWaterMark: 1024 * 1024 }));

if (await isUp(`${storefrontUrl}/api/health`)) {
  const adminKey = process.env['VITRINE_ADMIN_KEY'] ?? readServiceInfo()?.adminKey;
  if (!adminKey) fail('the admin key is unknown: set VITRINE_ADMIN_KEY');
  const response = await fetch(`${storefrontUrl}/api/admin/import${replace ? '?replace=1' : ''}`, {
    method: 'POST',
    headers: {
      'content-type': format === 'ndjson' ? 'application/x-ndjson' : 'application/json',
      authorization: `Bearer ${adminKey}`,
    },
    body: Readable.toWeb(Readable.from(chunks)) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  const body = (await response.json().catch(() => ({}))) as Partial<
    Extract<ImportOutcome, { status: 'imported' }>
  > & { message?: string; errors?: ImportRecordError[] };
  progress.stop();
  if (!response.ok) {
    if (body.errors)
      reportAndExit(body.message ?? 'The storefront refused the import.', body.errors);
    fail(`the storefront refused the import (${response.status}): ${body.message ?? 'no message'}`);
  }
  console.log(
    `Imported ${body.products ?? '?'} products${removedText(body.removed ?? 0)} through the running ` +
      `storefront in ${took()}.`,
  );
} else {
  const { importIntoLocalStore } = await import('./lib/import-local.ts');
  const outcome = await importIntoLocalStore(
    { chunks, format },
    { replace, onProgress: (written) => progress.products(written) },
    config,
  ).catch((error: unknown) => {
    progress.stop();
    return fail(
      `The import was refused: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  progress.stop();
  if ('status' in outcome) {
    if (outcome.status === 'invalid') reportAndExit(outcome.message, outcome.errors);
    fail(`The import was refused: ${outcome.message}`);
  }
  console.log(
    `Imported ${outcome.written} products${removedText(outcome.removed)} into the store in ` +
      `${config.databaseUrl ? 'PostgreSQL' : config.dataDir} in ${took()}.`,
  );
  console.log('The storefront pushes them to the search index on its next start.');
}

function took(): string {
  return formatSeconds((performance.now() - started) / 1000);
}

function removedText(removed: number): string {
  return replace ? ` (${removed} products not in the file removed)` : '';
}

function readServiceInfo(): SearchServiceInfo | undefined {
  const info = searchServiceInfoFile(config.dataDir);
  return existsSync(info)
    ? (JSON.parse(readFileSync(info, 'utf8')) as SearchServiceInfo)
    : undefined;
}

async function isUp(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function reportAndExit(message: string, errors: readonly ImportRecordError[]): never {
  console.error(`The import was refused: ${message}`);
  for (const error of errors.slice(0, 50)) {
    console.error(
      `  ${where(error, format)}${error.path ? `, ${error.path}` : ''}: ${error.reason}`,
    );
  }
  if (errors.length > 50) console.error(`  … and ${errors.length - 50} more`);
  process.exit(1);
}

/** `record 3` in a JSON array; `record 3 (line 4)` in NDJSON, where a blank line shifts the two apart. */
function where(error: ImportRecordError, fileFormat: CatalogueFormat): string {
  return fileFormat === 'ndjson' && error.line !== undefined
    ? `record ${error.position + 1} (line ${error.line})`
    : `record ${error.position + 1}`;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
