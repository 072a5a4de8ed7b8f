import type { Database } from '@vitrine/database';
import { sql } from 'drizzle-orm';

/** What the merchant console changed: a query rule, a synonym or a product. */
export type AuditSubject = 'rule' | 'synonym' | 'product';
export type AuditAction = 'create' | 'update' | 'delete';

/** One change, as the console records it. `before`/`after` are `null` for a creation/deletion. */
export interface AuditChange {
  readonly actor: string;
  readonly subject: AuditSubject;
  readonly subjectId: string;
  readonly action: AuditAction;
  readonly before: unknown;
  readonly after: unknown;
}

export interface AuditEntry extends AuditChange {
  readonly id: number;
  /** ISO 8601, UTC. */
  readonly changedAt: string;
}

export interface AuditLogQuery {
  readonly subject?: AuditSubject | undefined;
  /** Entries older than this id (the next page); the newest when absent. */
  readonly before?: number | undefined;
  readonly limit: number;
}

/** The console's audit log (`console_audit_log`): rows are only added, read newest first. */
export interface AuditLogStore {
  recordChanges(changes: readonly AuditChange[]): Promise<void>;
  readAuditLog(query: AuditLogQuery): Promise<AuditEntry[]>;
}

interface AuditRow {
  id: string | number;
  changed_at: Date | string;
  actor: string;
  subject_kind: AuditSubject;
  subject_id: string;
  action: AuditAction;
  before: unknown;
  after: unknown;
}

export function createAuditLogStore(database: Pick<Database, 'rows'>): AuditLogStore {
  return {
    recordChanges: async (changes) => {
      if (changes.length === 0) return;
      await database.rows(sql`
        INSERT INTO console_audit_log (actor, subject_kind, subject_id, action, before, after)
        SELECT actor, subject_kind, subject_id, action, before, after
        FROM jsonb_to_recordset(${JSON.stringify(changes.map(toRow))}::jsonb)
          AS entry(actor text, subject_kind text, subject_id text, action text, before jsonb, after jsonb)`);
    },
    readAuditLog: async ({ subject, before, limit }) => {
      const rows = await database.rows<AuditRow>(sql`
        SELECT id, changed_at, actor, subject_kind, subject_id, action, before, after
        FROM console_audit_log
        WHERE (${subject ?? null}::text IS NULL OR subject_kind = ${subject ?? null})
          AND (${before ?? null}::bigint IS NULL OR id < ${before ?? null})
        ORDER BY id DESC
        LIMIT ${limit}`);
      return rows.map(fromRow);
    },
  };
}

function toRow(change: AuditChange) {
  return {
    actor: change.actor,
    subject_kind: change.subject,
    subject_id: change.subjectId,
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  };
}

function fromRow(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    changedAt: new Date(row.changed_at).toISOString(),
    actor: row.actor,
    subject: row.subject_kind,
    subjectId: row.subject_id,
    action: row.action,
    before: row.before,
    after: row.after,
  };
}
