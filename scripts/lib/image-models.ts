import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type * as tf from '@tensorflow/tfjs';
import { repoRoot } from './config.ts';

/**
 * The pretrained networks of `npm run embed-images`, installed on first use rather than with the project.
 *
 * nsfwjs 4.4.0 (the package whose MobileNetV2 and InceptionV3 weights we read, decision 0008) declares
 * `engines.node: "22.13.0"`, one exact version, so a project depending on it makes `npm install` print an
 * `EBADENGINE` warning on every other Node. Only this maintainer command needs it (the vectors are committed), so
 * it is installed from the npm registry into `node_modules/.cache/` the first time the command runs, pinned to
 * the exact version the committed vectors were made with. Its peer `@tensorflow/tfjs` stays a project
 * dependency, and Node resolves nsfwjs's `import '@tensorflow/tfjs'` up to the project's copy: one TensorFlow.js
 * instance, one WebAssembly backend.
 */
export const imageModelsPackage = 'nsfwjs@4.4.0';

/** Where the models are installed: ignored by git with the rest of `node_modules/`. */
export const imageModelsFolder = join(repoRoot, 'node_modules', '.cache', 'vitrine-image-models');

/** nsfwjs's loaded classifier: we read its network's inner layers, never its classification. */
export interface LoadedClassifier {
  readonly model: tf.LayersModel | tf.GraphModel;
  dispose(): void;
}

export interface ImageModels {
  /** Loads MobileNetV2 (224 px) with nsfwjs's bundled weights. */
  loadMobileNet(): Promise<LoadedClassifier>;
  /** Loads InceptionV3 at `size` px with nsfwjs's bundled weights. */
  loadInception(size: number): Promise<LoadedClassifier>;
}

interface NsfwCore {
  load(
    name: string,
    options: { modelDefinitions: readonly unknown[]; size?: number },
  ): Promise<LoadedClassifier>;
}

const run = promisify(execFile);

/**
 * Installs the models when they are missing (one registry download of about 30 MB, printed on `log`), then
 * imports them.
 * @throws Error naming the npm failure when the registry cannot be reached.
 */
export async function loadImageModels(log: (line: string) => void): Promise<ImageModels> {
  const packageFolder = join(imageModelsFolder, 'node_modules', 'nsfwjs');
  if (installedVersion(packageFolder) !== imageModelsPackage.split('@')[1]) {
    log(
      `embed-images: installing ${imageModelsPackage} (the image models) into ${imageModelsFolder}`,
    );
    await install();
  }
  const esm = (path: string) =>
    import(pathToFileURL(join(packageFolder, 'dist', 'esm', path)).href);
  const core = (await esm('core.js')) as NsfwCore;
  const { MobileNetV2Model } = (await esm('models/mobilenet_v2.js')) as {
    MobileNetV2Model: unknown;
  };
  const { InceptionV3Model } = (await esm('models/inception_v3.js')) as {
    InceptionV3Model: unknown;
  };
  return {
    loadMobileNet: () => core.load('MobileNetV2', { modelDefinitions: [MobileNetV2Model] }),
    loadInception: (size) =>
      core.load('InceptionV3', { modelDefinitions: [InceptionV3Model], size }),
  };
}

function installedVersion(packageFolder: string): string | undefined {
  const manifest = join(packageFolder, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
}

async function install(): Promise<void> {
  mkdirSync(imageModelsFolder, { recursive: true });
  // A manifest of its own, so npm installs here and not into the project's workspaces.
  writeFileSync(
    join(imageModelsFolder, 'package.json'),
    `${JSON.stringify({ name: 'vitrine-image-models', private: true }, null, 2)}\n`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    await run(
      npm,
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        // The peers (@tensorflow/tfjs, buffer) are the project's own copies, found by walking up.
        '--legacy-peer-deps',
        imageModelsPackage,
      ],
      { cwd: imageModelsFolder },
    );
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`could not install ${imageModelsPackage}: ${failed.stderr || failed.message}`);
  }
}
