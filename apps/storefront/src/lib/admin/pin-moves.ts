import type { RuleDraft } from './merchandising-rule.ts';

type Pins = RuleDraft['pins'];

/**
 * Pins `objectID` at `position` (0-based), as a drag or an up/down button in the preview does. A product
 * already pinned there swaps places with it (it takes the moved product's previous position, `from`), so
 * two pins never claim one position.
 */
export function pinAt(pins: Pins, objectID: string, position: number, from: number): Pins {
  const occupant = pins.find((pin) => pin.position === position && pin.objectID !== objectID);
  const kept = pins.filter((pin) => pin.objectID !== objectID && pin !== occupant);
  const swapped = occupant && from >= 0 ? [{ objectID: occupant.objectID, position: from }] : [];
  return [...kept, ...swapped, { objectID, position }].sort((a, b) => a.position - b.position);
}

export function unpin(pins: Pins, objectID: string): Pins {
  return pins.filter((pin) => pin.objectID !== objectID);
}

/** Hides a product (and forgets its pin): the rule's `hide`. */
export function hideProduct(draft: RuleDraft, objectID: string): RuleDraft {
  return {
    ...draft,
    pins: unpin(draft.pins, objectID),
    hidden: draft.hidden.includes(objectID) ? draft.hidden : [...draft.hidden, objectID],
  };
}
