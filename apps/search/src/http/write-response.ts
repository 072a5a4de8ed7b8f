import type { FastifyReply } from 'fastify';
import type { CommittedWrite } from '../indices/search-service.ts';
import type { WritePlan } from '../indices/write-plan.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';
import type { RouteContext } from './route-context.ts';

/**
 * Queues a write and waits for it to be committed and applied. Refuses with 429 + Retry-After when too many
 * writes already wait (docs/api.md §8: never a plain 4xx for a transient overload).
 */
export function commitWrite<TResult>(
  context: RouteContext,
  plan: (at: Date) => WritePlan<TResult> | Promise<WritePlan<TResult>>,
): Promise<CommittedWrite<TResult>> {
  if (context.service.pendingWrites >= context.limits.maxPendingWrites) {
    throw new SearchApiError(429, 'Too many pending write operations, retry later');
  }
  return context.service.write(plan);
}

/** `{ taskID, updatedAt }` and friends: the time field name varies per endpoint. */
export function taskAnswer(
  write: CommittedWrite<unknown>,
  timeField: 'updatedAt' | 'createdAt' | 'deletedAt',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { taskID: write.taskID, [timeField]: write.at.toISOString(), ...extra };
}

/** Sends a 201 (record created with a generated id). */
export function created(reply: FastifyReply, body: Record<string, unknown>): FastifyReply {
  return reply.status(201).send(body);
}
