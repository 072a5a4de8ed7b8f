export { FolderLockedError, type FolderLock, lockFolder } from './folder-lock.ts';
export { type Database, type OpenDatabaseOptions, type Orm, openDatabase } from './open-database.ts';
