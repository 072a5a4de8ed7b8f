import type {} from './vitest-global-setup.ts';

export { freePort } from './free-port.ts';
export { startPostgresServer } from './postgres-server.ts';
export { createDatabase, type TestDatabaseTarget, testDatabaseTargets } from './test-databases.ts';
