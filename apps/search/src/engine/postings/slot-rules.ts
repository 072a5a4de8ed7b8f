/**
 * Per-slot flags one search needs while scanning postings: rank and order for the `attribute` criterion, and
 * which slots may match at all (`restrictSearchableAttributes`), with typos (`disableTypoToleranceOnAttributes`)
 * or count as exact (`disableExactOnAttributes`).
 */
import type { TextSlot } from './text-index.ts';

/** Flags indexed by slot number. */
export interface SlotRules {
  readonly rank: Uint32Array;
  readonly ordered: Uint8Array;
  /** Undefined when every slot may match. */
  readonly searchable: Uint8Array | undefined;
  /** Undefined when typos are allowed everywhere. */
  readonly typoAllowed: Uint8Array | undefined;
  readonly exactAllowed: Uint8Array;
}

function matchesAttribute(slot: TextSlot, attributes: readonly string[]): boolean {
  return attributes.some(
    (attribute) => slot.path === attribute || slot.path.startsWith(`${attribute}.`),
  );
}

/** The last rules built per slot list (searches with the same settings reuse them: the arrays are never written). */
const lastRules = new WeakMap<
  readonly TextSlot[],
  { readonly slotCount: number; readonly key: string; readonly rules: SlotRules }
>();

/**
 * Builds the flags for the slots of the text index (or returns the previous search's, when the slots and the
 * three lists are the same).
 * @param restrictTo - `restrictSearchableAttributes` (empty or undefined = no restriction).
 * @param typoDisabled - `disableTypoToleranceOnAttributes`.
 * @param exactDisabled - `disableExactOnAttributes`.
 */
export function buildSlotRules(
  slots: readonly TextSlot[],
  restrictTo: readonly string[] | undefined,
  typoDisabled: readonly string[],
  exactDisabled: readonly string[],
): SlotRules {
  const key = JSON.stringify([restrictTo ?? [], typoDisabled, exactDisabled]);
  const last = lastRules.get(slots);
  if (last !== undefined && last.slotCount === slots.length && last.key === key) return last.rules;
  const rules = createSlotRules(slots, restrictTo, typoDisabled, exactDisabled);
  lastRules.set(slots, { slotCount: slots.length, key, rules });
  return rules;
}

function createSlotRules(
  slots: readonly TextSlot[],
  restrictTo: readonly string[] | undefined,
  typoDisabled: readonly string[],
  exactDisabled: readonly string[],
): SlotRules {
  const size = 2048;
  const rank = new Uint32Array(size);
  const ordered = new Uint8Array(size);
  const exactAllowed = new Uint8Array(size);
  const searchable =
    restrictTo !== undefined && restrictTo.length > 0 ? new Uint8Array(size) : undefined;
  const typoAllowed = typoDisabled.length > 0 ? new Uint8Array(size).fill(1) : undefined;
  slots.forEach((slot, index) => {
    rank[index] = slot.rank;
    ordered[index] = slot.ordered ? 1 : 0;
    exactAllowed[index] = matchesAttribute(slot, exactDisabled) ? 0 : 1;
    if (searchable !== undefined && restrictTo !== undefined) {
      searchable[index] = matchesAttribute(slot, restrictTo) ? 1 : 0;
    }
    if (typoAllowed !== undefined)
      typoAllowed[index] = matchesAttribute(slot, typoDisabled) ? 0 : 1;
  });
  return { rank, ordered, searchable, typoAllowed, exactAllowed };
}

/** Whether an occurrence (slot in bits 20–30) may match: a searchable slot, and one that allows `typos`. */
export function slotAccepts(rules: SlotRules, occurrence: number, typos: number): boolean {
  const slot = (occurrence >>> 20) & 0x7ff;
  if (rules.searchable !== undefined && rules.searchable[slot] !== 1) return false;
  return typos === 0 || rules.typoAllowed === undefined || rules.typoAllowed[slot] === 1;
}
