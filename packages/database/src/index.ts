export { type FolderLock, FolderLockedError, lockFolder } from './folder-lock.ts';
export {
  type Database,
  type OpenDatabaseOptions,
  type Orm,
  openDatabase,
} from './open-database.ts';
