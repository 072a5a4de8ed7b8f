import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchRecord } from '../engine/index.ts';
import { parseImageVectorsFile, photoVectors } from './image-vectors-file.ts';
import { averageWithNeighbours } from './record-image-vectors-augmentation.ts';

/** The committed embeddings of the storefront's photos (`npm run embed-images` rewrites it). */
export const defaultImageVectorsFile = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../data/image-vectors/luma.json',
);

/** Photo URL → embedding: what `looking-similar` needs to know about the photos. */
export type PhotoVectors = ReadonlyMap<string, Float32Array>;

/**
 * Reads an image-vectors file. A missing file means no vectors (looking-similar then answers nothing).
 *
 * @throws Error when the file exists but is not valid JSON or not a valid image-vectors file.
 */
export function loadPhotoVectors(file = defaultImageVectorsFile): PhotoVectors {
  if (!existsSync(file)) return new Map();
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return photoVectors(parseImageVectorsFile(raw));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

let committed: PhotoVectors | undefined;

/** The committed vectors, read once per process (every index and app instance shares them). */
export function committedPhotoVectors(): PhotoVectors {
  committed ??= loadPhotoVectors(defaultImageVectorsFile);
  return committed;
}

/**
 * Record id → embedding of the record's `image` (its main photo, a site URL such as
 * `/images/luma/m/h/mh01-black_main.jpg`; a full `http(s)://host/images/…` URL matches by its path). Records
 * without an image, or whose photo has no vector, are left out. Each photo's vector is then averaged with its
 * nearest photos among these records' (`averageWithNeighbours`), so a record's vector depends on its catalogue.
 */
export function recordImageVectors(
  records: Iterable<SearchRecord>,
  photos: PhotoVectors,
): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  if (photos.size === 0) return vectors;
  for (const record of records) {
    const image = record['image'];
    if (typeof image !== 'string') continue;
    const vector = photos.get(image) ?? photos.get(image.replace(/^https?:\/\/[^/]+/, ''));
    if (vector) vectors.set(record.objectID, vector);
  }
  return averageWithNeighbours(vectors);
}
