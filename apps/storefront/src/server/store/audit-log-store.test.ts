import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { openTestStores } from '../../../test/support/test-stores.ts';

const stores = await openTestStores(inject('postgresUrl'), 'storefront_audit');
afterAll(async () => {
  await Promise.all(stores.map(({ store }) => store.close()));
});

describe.each(stores)('the console’s audit log on $engine', ({ store, database }) => {
  beforeEach(() => database.execute('TRUNCATE console_audit_log'));

  it('keeps who changed what, when, before and after, newest first, a page at a time', async () => {
    await store.recordChanges([
      {
        actor: 'merchant (session abc123)',
        subject: 'rule',
        subjectId: 'console-1',
        action: 'create',
        before: null,
        after: { objectID: 'console-1', consequence: { hide: [{ objectID: 'MJ01-Black' }] } },
      },
    ]);
    await store.recordChanges([
      {
        actor: 'merchant (session def456)',
        subject: 'synonym',
        subjectId: 'en-tee',
        action: 'delete',
        before: { objectID: 'en-tee', type: 'synonym', synonyms: ['tee', 't-shirt'] },
        after: null,
      },
    ]);
    const [newest, oldest] = await store.readAuditLog({ limit: 10 });
    expect(newest).toMatchObject({
      actor: 'merchant (session def456)',
      subject: 'synonym',
      subjectId: 'en-tee',
      action: 'delete',
      before: { synonyms: ['tee', 't-shirt'] },
      after: null,
    });
    expect(oldest).toMatchObject({
      subject: 'rule',
      action: 'create',
      before: null,
      after: { consequence: { hide: [{ objectID: 'MJ01-Black' }] } },
    });
    expect(Date.parse(newest?.changedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await store.readAuditLog({ limit: 10, subject: 'rule' })).toHaveLength(1);
    expect(await store.readAuditLog({ limit: 10, before: newest?.id })).toEqual([oldest]);
  });
});
