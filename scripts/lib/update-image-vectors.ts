/**
 * Brings an image-vectors file (see apps/search/src/recommend/image-vectors-file.ts) in step with a folder of
 * photos: hashes every photo, keeps the stored vector of each hash already there (same model), computes the
 * others, and drops vectors no photo uses any more.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  encodeVector,
  type ImageVectorsFile,
  parseImageVectorsFile,
} from '../../apps/search/src/recommend/image-vectors-file.ts';
import type { ImageEmbedder } from './image-embedder.ts';

export interface UpdateImageVectorsInput {
  /** Folder searched recursively for `.jpg` / `.jpeg` photos. */
  readonly folder: string;
  /** Site URL of `folder` (`/images/luma`): a photo's key is this plus its path inside the folder. */
  readonly urlPrefix: string;
  /** The vectors file, read if present and rewritten. */
  readonly file: string;
  /** Loaded only when some photo needs computing. */
  readonly embedder: () => Promise<ImageEmbedder>;
  /** The model's identity; stored vectors of another model are all recomputed. */
  readonly model: string;
  /** Called before each computed photo (`done` of `total` to compute) and once at the end. */
  readonly onProgress?: (done: number, total: number, photo: string | undefined) => void;
}

export interface UpdateImageVectorsResult {
  readonly photos: number;
  /** URLs of the photos whose vector was computed this time. */
  readonly computed: readonly string[];
  /** Vectors no photo uses any more, removed. */
  readonly removed: number;
}

/** @throws Error when the existing file is invalid or a photo cannot be decoded (the file is then left as it was). */
export async function updateImageVectors(
  input: UpdateImageVectorsInput,
): Promise<UpdateImageVectorsResult> {
  const previous = readExisting(input.file);
  const reusable = previous?.model === input.model ? previous.vectors : {};
  const photos: Record<string, string> = {};
  const bytesByHash = new Map<string, { url: string; bytes: Buffer }>();
  for (const relativePath of listPhotos(input.folder)) {
    const bytes = readFileSync(join(input.folder, relativePath));
    const hash = createHash('sha256').update(bytes).digest('hex');
    const url = `${input.urlPrefix.replace(/\/+$/, '')}/${relativePath}`;
    photos[url] = hash;
    if (!(hash in reusable) && !bytesByHash.has(hash)) bytesByHash.set(hash, { url, bytes });
  }
  const vectors: Record<string, string> = {};
  for (const hash of new Set(Object.values(photos))) {
    const stored = reusable[hash];
    if (stored !== undefined) vectors[hash] = stored;
  }
  const computed: string[] = [];
  const total = bytesByHash.size;
  let dimension = previous?.model === input.model ? previous.dimension : 0;
  if (total > 0) {
    const embedder = await input.embedder();
    try {
      for (const [hash, { url, bytes }] of bytesByHash) {
        input.onProgress?.(computed.length, total, url);
        // Embedding resolves without a macrotask turn; yield one so progress output (timers) can draw.
        await new Promise((resolve) => setImmediate(resolve));
        let vector: Float32Array;
        try {
          vector = await embedder.embed(bytes);
        } catch (error) {
          throw new Error(`${url}: ${(error as Error).message}`);
        }
        vectors[hash] = encodeVector(vector);
        dimension = vector.length;
        computed.push(url);
      }
    } finally {
      embedder.dispose();
    }
  }
  input.onProgress?.(computed.length, total, undefined);
  const removed = Object.keys(previous?.vectors ?? {}).filter((hash) => !(hash in vectors)).length;
  const file: ImageVectorsFile = {
    model: input.model,
    dimension,
    encoding: 'int8-base64',
    photos: sortedByKey(photos),
    vectors: sortedByKey(vectors),
  };
  mkdirSync(dirname(input.file), { recursive: true });
  writeFileSync(input.file, `${JSON.stringify(file, null, 2)}\n`);
  return { photos: Object.keys(photos).length, computed, removed };
}

function readExisting(file: string): ImageVectorsFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return parseImageVectorsFile(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(
      `${file}: ${(error as Error).message} (delete the file to recompute every vector)`,
    );
  }
}

/** Photo paths inside `folder`, `/`-separated, sorted. */
function listPhotos(folder: string): string[] {
  if (!existsSync(folder)) throw new Error(`no such photo folder: ${folder}`);
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => /\.jpe?g$/i.test(path))
    .sort();
}

function sortedByKey(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}
