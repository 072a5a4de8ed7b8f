/** The engines the benchmark knows, in table order; `defaultEngineKeys` run unless `--engines` says otherwise. */
import type { EngineDefinition } from './bench-engine.ts';
import { flexSearchDefinition } from './flexsearch-engine.ts';
import { miniSearchDefinition } from './minisearch-engine.ts';
import { oramaDefinition } from './orama-engine.ts';
import { vitrineDefinition } from './vitrine-engine.ts';

export const engineDefinitions: readonly EngineDefinition[] = [
  vitrineDefinition,
  oramaDefinition(1),
  oramaDefinition(2),
  miniSearchDefinition,
  flexSearchDefinition,
];

export const defaultEngineKeys: readonly string[] = [
  'vitrine',
  'orama',
  'minisearch',
  'flexsearch',
];

export function findEngine(key: string): EngineDefinition {
  const definition = engineDefinitions.find((candidate) => candidate.key === key);
  if (definition === undefined) {
    const known = engineDefinitions.map((candidate) => candidate.key).join(', ');
    throw new Error(`unknown engine "${key}" (known: ${known})`);
  }
  return definition;
}
