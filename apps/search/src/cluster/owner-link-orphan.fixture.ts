/**
 * A search worker left by its owner (owner-link.test.ts): it keeps sending search-log entries after the IPC channel
 * closed, as a worker still answering searches does until its `disconnect` handler runs, then exits with 0.
 */
import { OwnerLink } from './owner-link.ts';

const link = new OwnerLink();
process.once('disconnect', () => {
  link.send({ type: 'searchLog', entries: [] });
  setTimeout(() => process.exit(0), 200);
});
process.send?.({ type: 'ready' });
