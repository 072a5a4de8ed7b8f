/** The objectIDs of `hits`, in the order of the answer. */
export const ids = (hits: readonly { objectID: string }[]) => hits.map((hit) => hit.objectID);

/** A sorted copy of `list`, for comparing sets of ids whatever their order. */
export const sorted = (list: readonly string[]) => [...list].sort();
