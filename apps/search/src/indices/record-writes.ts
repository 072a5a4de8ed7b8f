import type { SearchRecord } from '../engine/index.ts';
import { applyPartialUpdate } from '../protocol/apply-partial-update.ts';
import type { IndexedAction } from '../protocol/parse-batch.ts';
import { assertRecordSize, withObjectID } from '../protocol/parse-batch.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';
import { planDeleteIndex, planTouch, withReplicas } from './index-lifecycle.ts';
import type { IndexRegistry } from './index-registry.ts';
import { RecordRuns } from './record-runs.ts';
import { PlanBuilder, type WritePlan } from './write-plan.ts';

export interface RecordWriteLimits {
  /** Largest record, in bytes of JSON (Algolia's default plan: 10 KB). */
  readonly maxRecordBytes: number;
}

/** Per-index state while a batch is worked out: what each touched objectID will hold. */
interface Simulation {
  exists: boolean;
  touched: boolean;
  /** The live index was already deleted earlier in this batch. */
  deleted: boolean;
  cleared: boolean;
  readonly overlay: Map<string, SearchRecord | null>;
}

/**
 * Plans a batch of record actions on one or more indices, atomically: every record is validated and every
 * partial update resolved against the live records plus the batch's earlier actions before anything is
 * committed. Actions apply in request order; consecutive saves and deletes are grouped.
 * @param texts - `JSON.stringify` of each whole-record save's record, by action position, when the caller made
 *   them beforehand (`recordTexts`); any missing one is made here.
 * @returns the plan; its result lists one objectID per record-level action, in request order.
 * @throws SearchApiError 400 when any action is invalid (nothing is written).
 */
export function planRecordActions(
  registry: IndexRegistry,
  actions: readonly IndexedAction[],
  at: Date,
  limits: RecordWriteLimits,
  texts: readonly (string | undefined)[] = [],
): WritePlan<{ objectIDs: string[]; indexNames: string[] }> {
  const builder = new PlanBuilder();
  const simulations = new Map<string, Simulation>();
  const objectIDs: string[] = [];
  const runs = new RecordRuns(builder, registry);
  for (const [i, { indexName, action, position }] of actions.entries()) {
    const simulation = simulate(registry, simulations, indexName);
    if (action.kind === 'deleteIndex') {
      runs.flush();
      planDelete(registry, simulation, indexName, builder, at);
      continue;
    }
    touch(registry, simulation, indexName, builder, at);
    if (action.kind === 'save' || action.kind === 'partial') {
      const record = resolveRecord(registry, simulation, indexName, action);
      if (action.kind === 'partial') objectIDs.push(action.objectID);
      else objectIDs.push(action.record.objectID);
      if (!record) continue;
      const text = action.kind === 'save' ? texts[i] : undefined;
      const json = assertRecordSize(record, position, limits.maxRecordBytes, text);
      simulation.overlay.set(record.objectID, record);
      runs.save(indexName, record, json);
    } else if (action.kind === 'delete') {
      objectIDs.push(action.objectID);
      simulation.overlay.set(action.objectID, null);
      runs.delete(indexName, action.objectID);
    } else {
      runs.flush();
      simulation.overlay.clear();
      simulation.cleared = true;
      builder.add({ kind: 'clearEntries', entries: 'records', index: indexName }, () => {
        for (const live of withReplicas(registry, indexName)) live.clearRecords();
      });
    }
  }
  runs.flush();
  return builder.build(actions[0]?.indexName, { objectIDs, indexNames: [...simulations.keys()] });
}

/** Starts (or continues) the simulation of one index; records may not be written to a replica. */
function simulate(
  registry: IndexRegistry,
  simulations: Map<string, Simulation>,
  indexName: string,
): Simulation {
  let simulation = simulations.get(indexName);
  if (!simulation) {
    const index = registry.get(indexName);
    if (index?.primary !== undefined) {
      throw new SearchApiError(
        400,
        `${indexName} is a replica of ${index.primary}: write the records to the primary index`,
      );
    }
    simulation = {
      exists: index !== undefined,
      touched: false,
      deleted: false,
      cleared: false,
      overlay: new Map(),
    };
    simulations.set(indexName, simulation);
  }
  return simulation;
}

/** Plans one `putIndex` per index (creating it when missing), and again after the batch deleted it. */
function touch(
  registry: IndexRegistry,
  simulation: Simulation,
  indexName: string,
  builder: PlanBuilder,
  at: Date,
): void {
  if (simulation.touched) return;
  planTouch(builder, registry, indexName, at, simulation.exists);
  simulation.exists = true;
  simulation.touched = true;
}

function planDelete(
  registry: IndexRegistry,
  simulation: Simulation,
  indexName: string,
  builder: PlanBuilder,
  at: Date,
): void {
  if (registry.get(indexName) && !simulation.deleted)
    planDeleteIndex(builder, registry, indexName, at);
  else if (simulation.exists)
    builder.add({ kind: 'deleteIndex', name: indexName }, () => registry.delete(indexName));
  simulation.overlay.clear();
  simulation.cleared = true;
  simulation.exists = false;
  simulation.touched = false;
  simulation.deleted = true;
}

function resolveRecord(
  registry: IndexRegistry,
  simulation: Simulation,
  indexName: string,
  action: Extract<IndexedAction['action'], { kind: 'save' | 'partial' }>,
): SearchRecord | undefined {
  if (action.kind === 'save') return action.record;
  const current = currentRecord(registry, simulation, indexName, action.objectID);
  if (!current && !action.createIfNotExists) return undefined;
  const updated = applyPartialUpdate(current, action.update);
  return updated === undefined ? undefined : withObjectID(updated, action.objectID);
}

function currentRecord(
  registry: IndexRegistry,
  simulation: Simulation,
  indexName: string,
  objectID: string,
): SearchRecord | undefined {
  const staged = simulation.overlay.get(objectID);
  if (staged !== undefined) return staged ?? undefined;
  if (simulation.cleared) return undefined;
  return registry.get(indexName)?.getRecord(objectID);
}
