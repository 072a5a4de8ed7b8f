import type { SearchRecord } from '../engine/index.ts';
import { withReplicas } from './index-lifecycle.ts';
import type { IndexRegistry } from './index-registry.ts';
import type { PlanBuilder } from './write-plan.ts';

/**
 * Records a run's in-memory step saves between two points where searches may be answered (decision 0016):
 * ~1–5 ms of indexing on an idle machine; `SearchService` gives the event loop back once a slice's budget is spent.
 */
export const recordsPerStep = 25;

type Run =
  | {
      readonly kind: 'save';
      readonly index: string;
      readonly records: SearchRecord[];
      /** Each record's JSON text, when the planner serialized it (the store then writes it as is). */
      readonly texts: (string | undefined)[];
    }
  | { readonly kind: 'delete'; readonly index: string; readonly objectIDs: string[] };

/**
 * Groups consecutive saves (or deletes) on one index into one store change and one engine call: a batch of
 * 1,000 deletes is one `DELETE … IN (…)` and one `deleteObjects`, not 1,000 of each.
 */
export class RecordRuns {
  readonly #builder: PlanBuilder;
  readonly #registry: IndexRegistry;
  #run: Run | undefined;

  constructor(builder: PlanBuilder, registry: IndexRegistry) {
    this.#builder = builder;
    this.#registry = registry;
  }

  /** @param json - the record's `JSON.stringify` text, when the caller has it (checked storable at commit). */
  save(index: string, record: SearchRecord, json?: string): void {
    const run = this.#run;
    if (run?.kind === 'save' && run.index === index) {
      run.records.push(record);
      run.texts.push(json);
    } else this.#start({ kind: 'save', index, records: [record], texts: [json] });
  }

  delete(index: string, objectID: string): void {
    const run = this.#run;
    if (run?.kind === 'delete' && run.index === index) run.objectIDs.push(objectID);
    else this.#start({ kind: 'delete', index, objectIDs: [objectID] });
  }

  /** Plans the current run; call before any other change so the order is kept. */
  flush(): void {
    const run = this.#run;
    this.#run = undefined;
    if (!run) return;
    const registry = this.#registry;
    if (run.kind === 'save') {
      const values = run.records.map((record, i) => {
        const json = run.texts[i];
        return json === undefined
          ? { objectID: record.objectID, body: record }
          : { objectID: record.objectID, body: record, json };
      });
      this.#builder.addSliced(
        { kind: 'putEntries', entries: 'records', index: run.index, values },
        function* () {
          // In order, a few records at a time: between two steps every index holds whole records only, and
          // the primary and its replicas the same ones.
          for (let start = 0; start < run.records.length; start += recordsPerStep) {
            const records = run.records.slice(start, start + recordsPerStep);
            for (const live of withReplicas(registry, run.index)) live.saveRecords(records);
            yield;
          }
        },
      );
      return;
    }
    const change = {
      kind: 'deleteEntries',
      entries: 'records',
      index: run.index,
      objectIDs: run.objectIDs,
    } as const;
    this.#builder.add(change, () => {
      for (const live of withReplicas(registry, run.index)) live.deleteRecords(run.objectIDs);
    });
  }

  #start(run: Run): void {
    this.flush();
    this.#run = run;
  }
}
