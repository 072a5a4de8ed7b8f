import type {} from './vitest-global-setup.ts';

export { createDatabase, type TestDatabaseTarget, testDatabaseTargets } from './test-databases.ts';
