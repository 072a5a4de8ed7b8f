import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Vitest global setup: one PostgreSQL server for the whole run, its URL handed to tests via `inject`. */
export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgresServer();
  project.provide('postgresUrl', server.url);
  return server.stop;
}
