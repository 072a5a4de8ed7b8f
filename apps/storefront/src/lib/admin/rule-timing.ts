import type { RuleDraft } from './merchandising-rule.ts';

/**
 * Whether shoppers see a rule at a moment: always (enabled, no dates), `active` (within its dates), `upcoming`
 * (its dates have not begun), `ended`, or `disabled`. Dates are the draft's (`YYYY-MM-DDTHH:mm`, UTC).
 */
export type RuleTiming =
  | { readonly state: 'always' }
  | { readonly state: 'disabled' }
  | {
      readonly state: 'active' | 'upcoming' | 'ended';
      readonly from: string;
      readonly until: string;
    };

/**
 * What the preview shows: `during` — the rule as shoppers will see it while it applies (its dates and its
 * on/off switch set aside); `now` — the shop as shoppers will see it right now once the draft is saved.
 */
export type PreviewMoment = 'during' | 'now';

/**
 * The rule's timing at `nowMs`. A range includes its start and excludes its end, as the search service
 * applies `validity` (`from <= now < until`).
 * `{enabled: true, validity: {from: '2026-12-24T00:00', until: '2026-12-27T00:00'}}` on 2 December → upcoming.
 */
export function ruleTiming(
  draft: Pick<RuleDraft, 'enabled' | 'validity'>,
  nowMs: number,
): RuleTiming {
  if (!draft.enabled) return { state: 'disabled' };
  const validity = draft.validity;
  if (!validity) return { state: 'always' };
  const { from, until } = validity;
  if (nowMs < Date.parse(`${from}Z`)) return { state: 'upcoming', from, until };
  if (nowMs >= Date.parse(`${until}Z`)) return { state: 'ended', from, until };
  return { state: 'active', from, until };
}

/** Whether shoppers see the rule now (so both moments of the preview show the same). */
export function appliesNow(timing: RuleTiming): boolean {
  return timing.state === 'always' || timing.state === 'active';
}
