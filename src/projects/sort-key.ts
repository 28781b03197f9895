/**
 * A project name as a person reads it in an alphabetical list: case and accents do not split it,
 * so `alpha, Beta, delta, Épsilon` sort in that order on both engines
 * (docs/decisions/0119-projects-sorted-by-a-stored-key.md). Compatibility decomposition (NFKD)
 * separates letters from their marks and folds look-alikes (a ligature, a full-width letter) into
 * plain ones; the marks are dropped and the rest lower-cased. The key is stored
 * (projects.sort_key), indexed with the id, and compared as bytes by both engines ("C" collation on
 * PostgreSQL), so the keyset cursor stays exact. Migration 0019 holds a frozen copy of this
 * function.
 */
export function projectSortKey(name: string): string {
  // Lower-casing may add a mark (İ becomes i and a combining dot) and decomposing may give a
  // capital (ℌ becomes H), hence decompose, lower, decompose again, drop marks, lower: the key of
  // a key is itself.
  return name
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}
