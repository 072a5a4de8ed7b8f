/**
 * Reads the records of a catalogue file as a stream, one record at a time, so memory stays bounded by
 * one record whatever the file's size: a JSON array of products, `{"products": [...]}`, or one JSON
 * product per line (NDJSON). Validation is the caller's job.
 *
 * JSON arrays are split by a small scanner (strings, escapes and nesting depth) that hands each top-level
 * element's text to `JSON.parse`: the records are small, so parsing each with the built-in parser is
 * faster than a token-by-token streaming parser, and it needs no dependency.
 */

import { type CatalogueReason, reasonText } from '@vitrine/catalogue/record-reasons';

export type CatalogueFormat = 'json' | 'ndjson';

const notCatalogue: CatalogueReason = { code: 'file.notCatalogue', params: {} };

export interface SourceRecord {
  readonly value: unknown;
  /** 0-based index of the record in the file. */
  readonly position: number;
  /** 1-based line where the record starts. */
  readonly line: number;
}

/** The file itself cannot be read as a catalogue (not JSON, no array, cut short); `message` is its English. */
export class CatalogueFileError extends Error {
  override readonly name = 'CatalogueFileError';
  readonly problem: CatalogueReason;
  constructor(problem: CatalogueReason) {
    super(reasonText(problem));
    this.problem = problem;
  }
}

/** `ndjson` for `.ndjson` / `.jsonl` files and NDJSON content types, else `json`. */
export function formatOf(nameOrContentType: string): CatalogueFormat {
  return /(\.(ndjson|jsonl)$)|(x-ndjson|jsonlines|json-seq)/i.test(nameOrContentType)
    ? 'ndjson'
    : 'json';
}

export function readCatalogueRecords(
  chunks: AsyncIterable<Uint8Array | string>,
  format: CatalogueFormat,
): AsyncGenerator<SourceRecord> {
  return format === 'ndjson' ? readLines(chunks) : readJsonArray(chunks);
}

async function* decode(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) {
      yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
  } catch (error) {
    if (error instanceof CatalogueFileError) throw error;
    if (
      error instanceof TypeError &&
      'code' in error &&
      error.code === 'ERR_ENCODING_INVALID_ENCODED_DATA'
    ) {
      throw new CatalogueFileError({ code: 'file.notUtf8', params: {} });
    }
    // The source broke off (a request body aborted, a file read failed): a refusal, never a crash.
    throw new CatalogueFileError({
      code: 'file.readFailed',
      params: { detail: error instanceof Error ? error.message : String(error) },
    });
  }
}

async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<SourceRecord> {
  let rest = '';
  let line = 0;
  let position = 0;
  const parse = (text: string): SourceRecord | undefined => {
    line += 1;
    if (text.trim() === '') return undefined;
    try {
      return { value: JSON.parse(text), position: position++, line };
    } catch (error) {
      throw new CatalogueFileError({
        code: 'file.lineNotJson',
        params: { line, record: position + 1, detail: (error as Error).message },
      });
    }
  };
  for await (const text of decode(chunks)) {
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const each of lines) {
      const record = parse(each);
      if (record) yield record;
    }
  }
  const last = parse(rest);
  if (last) yield last;
}

const quote = 34;
const backslash = 92;
const comma = 44;
const newline = 10;
const openBrace = 123;
const closeBrace = 125;
const openBracket = 91;
const closeBracket = 93;

function isSpace(code: number): boolean {
  return code === 32 || code === newline || code === 13 || code === 9;
}

async function* readJsonArray(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<SourceRecord> {
  let depth = 0;
  /** The depth inside the records array once found (its elements start at that depth). */
  let arrayDepth = -1;
  let done = false;
  let started = false;
  let inString = false;
  let escaped = false;
  let line = 1;
  let position = 0;
  // The current element's text: earlier chunks' parts, and where it starts in this chunk (-1: none open).
  let parts: string[] = [];
  let open = false;
  let elementLine = 0;
  // The last string at depth 1 of `{"products": [...]}` (a key, when a `[` follows).
  let keyStart = -1;
  let keyParts: string[] = [];
  let lastKey = '';

  const finish = (text: string): SourceRecord => {
    const joined = parts.length > 0 ? parts.join('') + text : text;
    parts = [];
    open = false;
    try {
      return { value: JSON.parse(joined), position: position++, line: elementLine };
    } catch (error) {
      throw new CatalogueFileError({
        code: 'file.recordNotJson',
        params: { record: position + 1, line: elementLine, detail: (error as Error).message },
      });
    }
  };

  for await (const text of decode(chunks)) {
    if (done) continue;
    let start = open ? 0 : -1;
    if (keyStart >= 0) keyStart = 0;
    for (let index = 0; index < text.length && !done; index++) {
      const code = text.charCodeAt(index);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === backslash) escaped = true;
        else if (code === quote) {
          inString = false;
          if (keyStart >= 0) {
            lastKey = keyParts.join('') + text.slice(keyStart, index + 1);
            keyParts = [];
            keyStart = -1;
          }
        }
        continue;
      }
      if (code === newline) line += 1;
      if (isSpace(code)) continue;
      if (!started) {
        started = true;
        if (code === openBracket) arrayDepth = 1;
        else if (code !== openBrace) {
          throw new CatalogueFileError(notCatalogue);
        }
      }
      const atElementLevel = depth === arrayDepth;
      if (atElementLevel && !open && code !== comma && code !== closeBracket) {
        open = true;
        start = index;
        elementLine = line;
      }
      if (code === quote) {
        inString = true;
        if (depth === 1 && arrayDepth < 0) keyStart = index;
      } else if (code === openBrace || code === openBracket) {
        depth += 1;
        if (code === openBracket && depth === 2 && arrayDepth < 0 && lastKey === '"products"') {
          arrayDepth = 2;
        }
      } else if (code === closeBrace || code === closeBracket) {
        if (depth === arrayDepth && code === closeBracket) {
          // The records array closes: a scalar element may still be open.
          if (open) yield finish(text.slice(start, index));
          done = true;
        }
        depth -= 1;
        if (open && depth === arrayDepth) yield finish(text.slice(start, index + 1));
      } else if (code === comma && atElementLevel && open) {
        yield finish(text.slice(start, index));
      }
    }
    if (open && start >= 0) parts.push(text.slice(start));
    if (keyStart >= 0) keyParts.push(text.slice(keyStart));
  }
  if (!started || arrayDepth < 0) {
    throw new CatalogueFileError(notCatalogue);
  }
  if (!done) {
    throw new CatalogueFileError({ code: 'file.cutShort', params: { after: position } });
  }
}
