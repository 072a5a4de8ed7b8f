/**
 * What `GET /1/configs/{indexName}/status` and `GET /1/logs/{indexName}` report: the last builds' times and the
 * log lines of the last build, kept in the store with the configuration.
 */
import type { JsonObject } from '../store/search-store.ts';

export type LogLevel = 'INFO' | 'SKIP' | 'ERROR';

/** One line of a build's log, in Algolia's shape. */
export interface LogLine {
  readonly timestamp: string;
  readonly level: LogLevel;
  readonly message: string;
  /** 0: the build; 1: a source index; 2: one query of it. */
  readonly contextLevel: number;
}

export interface BuildState {
  readonly lastBuiltAt?: string;
  readonly lastSuccessfulBuiltAt?: string;
  /** Seconds, as a string (Algolia's `lastSuccessfulBuildDuration`). */
  readonly lastSuccessfulBuildDuration?: string;
  readonly logs: readonly LogLine[];
}

/** Lines kept per build: a build over thousands of queries logs the first skipped ones, then says how many more. */
export const maxLogLines = 500;

/** Collects one build's lines. */
export class BuildLog {
  readonly lines: LogLine[] = [];
  #dropped = 0;
  readonly #clock: () => Date;

  constructor(clock: () => Date) {
    this.#clock = clock;
  }

  add(level: LogLevel, message: string, contextLevel: number): void {
    if (this.lines.length >= maxLogLines - 1 && level === 'SKIP') {
      this.#dropped += 1;
      return;
    }
    this.lines.push({ timestamp: this.#clock().toISOString(), level, message, contextLevel });
  }

  /** The lines, with a last one counting the skipped queries not listed. */
  finish(): LogLine[] {
    if (this.#dropped > 0)
      this.lines.push({
        timestamp: this.#clock().toISOString(),
        level: 'INFO',
        message: `${this.#dropped} more skipped queries not listed`,
        contextLevel: 1,
      });
    return this.lines;
  }
}

/** Reads a stored state back (anything unexpected reads as no build yet). */
export function readBuildState(stored: JsonObject): BuildState {
  const text = (name: string) =>
    typeof stored[name] === 'string' ? (stored[name] as string) : undefined;
  const logs = Array.isArray(stored['logs']) ? (stored['logs'] as LogLine[]) : [];
  const lastBuiltAt = text('lastBuiltAt');
  const lastSuccessfulBuiltAt = text('lastSuccessfulBuiltAt');
  const lastSuccessfulBuildDuration = text('lastSuccessfulBuildDuration');
  return {
    ...(lastBuiltAt === undefined ? {} : { lastBuiltAt }),
    ...(lastSuccessfulBuiltAt === undefined ? {} : { lastSuccessfulBuiltAt }),
    ...(lastSuccessfulBuildDuration === undefined ? {} : { lastSuccessfulBuildDuration }),
    logs,
  };
}
