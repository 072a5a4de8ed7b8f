/**
 * Image embeddings from pretrained CNNs whose weights ship inside an npm package, so nothing is downloaded at
 * run time: the two ImageNet-pretrained backbones bundled in nsfwjs (MobileNetV2 and InceptionV3, whose upper
 * blocks the nsfw_model project fine-tuned for a 5-class content classifier; MIT), run by TensorFlow.js on its
 * WebAssembly backend (the .wasm ships in @tensorflow/tfjs-backend-wasm; Apache-2.0). The vector joins three
 * backbone layers, all before nsfwjs's classification heads:
 * - MobileNetV2 (224 px): the last block's 7 × 7 × 320 map average-pooled to a 3 × 3 grid (2,880 values: what is
 *   where, i.e. the garment's shape) and the 14 × 14 × 576 map of block 13 GeM-pooled (576 values: which parts
 *   and textures);
 * - InceptionV3 (299 px): the 8 × 8 × 1,280 map of block `mixed8` average-pooled (1,280 values).
 * Each part is L2-normalised; the two networks weigh the same. On the Luma photos MobileNetV2 alone reached
 * precision@5 0.60 and both 0.64, and the service raises that to 0.69 by averaging each photo's vector with its
 * nearest catalogue photos (record-image-vectors-augmentation.ts); see docs/decisions/0008-image-embeddings.md.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import jpeg from 'jpeg-js';
import { loadImageModels } from './image-models.ts';

/** The layers read (Keras names in nsfwjs's MobileNetV2 and InceptionV3). */
const shapeLayer = 'block_16_project_BN';
const partsLayer = 'block_13_expand_relu';
const inceptionLayer = 'mixed8';
const dimension = 3 * 3 * 320 + 576 + 1280;
const mobileNetSize = 224;
const inceptionSize = 299;
/** Generalised-mean pooling exponent: between average (1) and max (∞). */
const gemPower = 3;

/** Identifies the vectors in the committed file; change it whenever the models, layers or preprocessing do. */
export const embedderModel = `nsfwjs@4.4.0 MobileNetV2 ${mobileNetSize} px: ${shapeLayer} 3x3 grid + ${partsLayer} GeM p=${gemPower}; InceptionV3 ${inceptionSize} px: ${inceptionLayer} average; white-padded square`;

export interface ImageEmbedder {
  readonly model: string;
  readonly dimension: number;
  /**
   * @param bytes - a JPEG file's bytes.
   * @returns the photo's embedding (two unit-length halves; callers compare by cosine).
   * @throws Error when the bytes are not a decodable JPEG.
   */
  embed(bytes: Uint8Array): Promise<Float32Array>;
  dispose(): void;
}

let backendReady: Promise<void> | undefined;

/**
 * Loads the models (about a second; the first run installs them, see image-models.ts); reuse the embedder for
 * every photo.
 * @param log - where a first run says it installs the models.
 */
export async function loadImageEmbedder(
  log: (line: string) => void = console.error,
): Promise<ImageEmbedder> {
  backendReady ??= tf.setBackend('wasm').then(async (ok) => {
    if (!ok) throw new Error('TensorFlow.js could not start its WebAssembly backend');
    await tf.ready();
  });
  await backendReady;
  const imageModels = await loadImageModels(log);
  const mobileNet = await quietly(() => imageModels.loadMobileNet());
  const inception = await quietly(() => imageModels.loadInception(inceptionSize)).catch(
    (error: unknown) => {
      mobileNet.dispose();
      throw error;
    },
  );
  const dispose = () => {
    mobileNet.dispose();
    inception.dispose();
  };
  try {
    // Second models on the same layers (no copy of the weights), ending at the feature maps.
    const models: FeatureModels = {
      mobileNet: featureModel(mobileNet.model, 'MobileNetV2', [shapeLayer, partsLayer]),
      inception: featureModel(inception.model, 'InceptionV3', [inceptionLayer]),
    };
    return {
      model: embedderModel,
      dimension,
      embed: (bytes) => embedWith(models, bytes),
      // Disposing the classifiers frees the shared weights; the feature models hold none of their own.
      dispose,
    };
  } catch (error) {
    dispose();
    throw error;
  }
}

interface FeatureModels {
  readonly mobileNet: tf.LayersModel;
  readonly inception: tf.LayersModel;
}

function featureModel(
  model: tf.LayersModel | tf.GraphModel,
  name: string,
  layerNames: readonly string[],
): tf.LayersModel {
  if (!(model instanceof tf.LayersModel)) {
    throw new Error(`nsfwjs ${name} is expected to be a layers model`);
  }
  return tf.model({
    inputs: model.inputs,
    outputs: layerNames.map((layer) => model.getLayer(layer).output as tf.SymbolicTensor),
  });
}

async function embedWith(models: FeatureModels, bytes: Uint8Array): Promise<Float32Array> {
  const pixels = decodeJpeg(bytes);
  const output = tf.tidy(() => {
    // nsfwjs's own preprocessing: values in [0, 1], bilinear resize with aligned corners.
    const square = squareOnWhite(pixels).toFloat().div(255) as tf.Tensor3D;
    const input = (size: number) =>
      tf.image.resizeBilinear(square, [size, size], true).expandDims(0);
    const [shape, parts] = models.mobileNet.predict(input(mobileNetSize)) as tf.Tensor4D[];
    const blocks = models.inception.predict(input(inceptionSize)) as tf.Tensor4D;
    if (!shape || !parts) throw new Error('the feature model returned no maps');
    const grid = tf.avgPool(shape, 3, 2, 'valid').flatten();
    const gem = parts
      .relu()
      .pow(gemPower)
      .mean([0, 1, 2])
      .pow(1 / gemPower);
    const average = blocks.mean([0, 1, 2]);
    // MobileNetV2's two halves at 1/√2 each and InceptionV3 at 1: both networks weigh the same.
    return tf.concat([unit(grid).mul(Math.SQRT1_2), unit(gem).mul(Math.SQRT1_2), unit(average)]);
  });
  pixels.dispose();
  try {
    const values = await output.data();
    return Float32Array.from(values);
  } finally {
    output.dispose();
  }
}

function unit(vector: tf.Tensor): tf.Tensor {
  return vector.div(vector.norm().add(1e-12));
}

/** RGB pixels of a JPEG as an int32 tensor [height, width, 3]. */
function decodeJpeg(bytes: Uint8Array): tf.Tensor3D {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) {
    throw new Error('not a JPEG file (only JPEG photos can be embedded)');
  }
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false });
  } catch (error) {
    throw new Error(`unreadable JPEG: ${(error as Error).message}`);
  }
  return tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
}

/**
 * Pads the photo to a square with white (product photos sit on white) so the model sees the product's real
 * proportions rather than a stretched one; the model then resizes to 224 × 224.
 */
function squareOnWhite(pixels: tf.Tensor3D): tf.Tensor3D {
  const [height, width] = pixels.shape;
  const side = Math.max(height, width);
  if (height === width) return pixels;
  const top = Math.floor((side - height) / 2);
  const left = Math.floor((side - width) / 2);
  return tf.pad(
    pixels,
    [
      [top, side - height - top],
      [left, side - width - left],
      [0, 0],
    ],
    255,
  );
}

/** nsfwjs announces every load on console.info; keep command output to our own progress lines. */
async function quietly<T>(action: () => Promise<T>): Promise<T> {
  const info = console.info;
  console.info = () => {};
  try {
    return await action();
  } finally {
    console.info = info;
  }
}
