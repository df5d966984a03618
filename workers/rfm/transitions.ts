/**
 * The segment movement between two periods: customers matched by id, then counted per (previous, current) segment.
 */
import type { ProgressCallback, RfmTransitions } from "./types";

/** FNV-1a over the UTF-16 code units of a string. */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < id.length; k++) h = Math.imul(h ^ id.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/**
 * For each customer of this period, the index of the same id among the previous period's
 * customers, or -1 (new). The costly part of the transitions, so the session does it once per
 * `load`: an open-addressing hash table on typed arrays (a Map of a million strings is several
 * times slower). Ids are unique within a period as the server lists them; were one repeated in
 * the previous period, its last entry would be the one matched.
 */
export function matchIds(prevIds: readonly string[], curIds: readonly string[], onProgress?: ProgressCallback): Int32Array {
  const match = new Int32Array(curIds.length).fill(-1);
  if (prevIds.length === 0) {
    onProgress?.(1);
    return match;
  }
  const capacity = 2 ** Math.ceil(Math.log2(prevIds.length * 2 + 1));
  const mask = capacity - 1;
  const slots = new Int32Array(capacity).fill(-1); // previous index, -1 = empty
  const hashes = new Uint32Array(capacity);
  for (let i = 0; i < prevIds.length; i++) {
    const id = prevIds[i]!;
    const h = hashId(id);
    let at = h & mask;
    while (slots[at] !== -1 && !(hashes[at] === h && prevIds[slots[at]!] === id)) at = (at + 1) & mask;
    slots[at] = i;
    hashes[at] = h;
  }
  onProgress?.(prevIds.length / (prevIds.length + curIds.length));
  for (let j = 0; j < curIds.length; j++) {
    const id = curIds[j]!;
    const h = hashId(id);
    let at = h & mask;
    while (slots[at] !== -1) {
      if (hashes[at] === h && prevIds[slots[at]!] === id) {
        match[j] = slots[at]!;
        break;
      }
      at = (at + 1) & mask;
    }
  }
  onProgress?.(1);
  return match;
}

/**
 * The transition matrix from a {@link matchIds} result: O(customers) on typed arrays.
 *
 * @param prevSegment, curSegment - rule indexes, -1 = Unassigned, as `scoreRfm` gives them
 */
export function transitionsOfMatch(match: Int32Array, prevSegment: Int16Array, curSegment: Int16Array, ruleCount: number): RfmTransitions {
  const size = ruleCount + 2;
  const outside = ruleCount + 1;
  const slot = (s: number) => (s < 0 || s >= ruleCount ? ruleCount : s);
  const flat = new Float64Array(size * size);
  const seen = new Uint8Array(prevSegment.length);
  let retained = 0;
  let added = 0;
  for (let j = 0; j < match.length; j++) {
    const i = match[j]!;
    const to = slot(curSegment[j]!);
    if (i < 0) {
      flat[outside * size + to]!++;
      added++;
    } else {
      seen[i] = 1;
      flat[slot(prevSegment[i]!) * size + to]!++;
      retained++;
    }
  }
  let gone = 0;
  for (let i = 0; i < prevSegment.length; i++) {
    if (seen[i] === 1) continue;
    flat[slot(prevSegment[i]!) * size + outside]!++;
    gone++;
  }
  const counts: number[][] = [];
  for (let row = 0; row < size; row++) counts.push(Array.from(flat.subarray(row * size, (row + 1) * size)));
  return { size, counts, retained, new: added, gone };
}

/**
 * Segment movement from the previous period to this one (see {@link RfmTransitions}): each
 * period scored on its own customers, customers matched by id ({@link matchIds}).
 *
 * @param prevSegment, curSegment - rule indexes, -1 = Unassigned, as `scoreRfm` gives them
 */
export function transitionMatrix(
  prevIds: readonly string[], prevSegment: Int16Array,
  curIds: readonly string[], curSegment: Int16Array,
  ruleCount: number,
): RfmTransitions {
  return transitionsOfMatch(matchIds(prevIds, curIds), prevSegment, curSegment, ruleCount);
}
