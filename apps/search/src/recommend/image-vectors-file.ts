import { z } from 'zod';

/**
 * The committed image-embedding file (`apps/search/data/image-vectors/*.json`, written by `npm run
 * embed-images`): every photo's site URL → the sha256 of its bytes, and every hash → its vector. Keying vectors
 * by hash lets the command recompute only photos whose bytes changed, and lets two URLs share one vector.
 *
 * Vectors are L2-normalised, then stored as signed bytes (each value × 127 / the largest magnitude, rounded),
 * base64-encoded: 1,280 dimensions take 1.7 kB of text. The cosine between decoded vectors differs from the
 * float one by less than 0.01, well below the gaps that order neighbours. They are each photo's own embedding;
 * `recordImageVectors` averages them with their nearest catalogue photos when the service loads them.
 */
export interface ImageVectorsFile {
  /** What produced the vectors; a different model invalidates every stored vector. */
  readonly model: string;
  readonly dimension: number;
  readonly encoding: 'int8-base64';
  /** Photo URL as records carry it (`/images/luma/m/h/mh01-black_main.jpg`) → sha256 hex of its bytes. */
  readonly photos: Readonly<Record<string, string>>;
  /** sha256 hex → encoded vector. */
  readonly vectors: Readonly<Record<string, string>>;
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 in lowercase hex');

const fileSchema = z
  .object({
    model: z.string().min(1),
    dimension: z.number().int().positive(),
    encoding: z.literal('int8-base64'),
    photos: z.record(z.string().min(1), sha256),
    vectors: z.record(sha256, z.string()),
  })
  .superRefine((file, context) => {
    for (const [photo, hash] of Object.entries(file.photos)) {
      if (!(hash in file.vectors)) {
        context.addIssue({
          code: 'custom',
          path: ['photos', photo],
          message: `no vector for hash ${hash}`,
        });
      }
    }
    for (const [hash, encoded] of Object.entries(file.vectors)) {
      if (Buffer.from(encoded, 'base64').length !== file.dimension) {
        context.addIssue({
          code: 'custom',
          path: ['vectors', hash],
          message: `does not decode to ${file.dimension} values`,
        });
      }
    }
  });

/**
 * Validates parsed JSON as an image-vectors file.
 *
 * @throws Error naming the first problem (`photos./images/x.jpg: no vector for hash …`).
 */
export function parseImageVectorsFile(raw: unknown): ImageVectorsFile {
  const result = fileSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.map(String).join('.') ?? '';
    throw new Error(`invalid image-vectors file: ${where ? `${where}: ` : ''}${issue?.message}`);
  }
  return result.data;
}

/** L2-normalises then quantises to signed bytes, base64. An all-zero vector encodes as zeros. */
export function encodeVector(vector: ArrayLike<number>): string {
  let largest = 0;
  for (let i = 0; i < vector.length; i++) largest = Math.max(largest, Math.abs(vector[i] ?? 0));
  const bytes = new Int8Array(vector.length);
  if (largest > 0 && Number.isFinite(largest)) {
    for (let i = 0; i < vector.length; i++)
      bytes[i] = Math.round(((vector[i] ?? 0) * 127) / largest);
  }
  return Buffer.from(bytes.buffer).toString('base64');
}

/** The stored bytes as floats, L2-normalised (cosine = dot product). */
export function decodeVector(encoded: string): Float32Array {
  const buffer = Buffer.from(encoded, 'base64');
  const bytes = new Int8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  const vector = Float32Array.from(bytes);
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) * scale;
  }
  return vector;
}

/** Photo URL → decoded vector, each hash decoded once. */
export function photoVectors(file: ImageVectorsFile): Map<string, Float32Array> {
  const decoded = new Map<string, Float32Array>();
  const byPhoto = new Map<string, Float32Array>();
  for (const [photo, hash] of Object.entries(file.photos)) {
    let vector = decoded.get(hash);
    if (!vector) {
      vector = decodeVector(file.vectors[hash] ?? '');
      decoded.set(hash, vector);
    }
    byPhoto.set(photo, vector);
  }
  return byPhoto;
}
