/**
 * The rows of the audience index (participant_attributes) that a profile's attributes JSON
 * stands for: each (filter slug, option id) once, in a stable order. Malformed JSON or parts
 * that are not arrays of strings stand for no rows, as matching ignores them.
 */
export interface AttributePair {
  slug: string;
  option_id: string;
}

export function attributePairs(attributesJson: string): AttributePair[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(attributesJson);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const pairs: AttributePair[] = [];
  for (const [slug, ids] of Object.entries(parsed)) {
    if (!Array.isArray(ids)) continue;
    const seen = new Set<string>();
    for (const id of ids) {
      if (typeof id !== 'string' || seen.has(id)) continue;
      seen.add(id);
      pairs.push({ slug, option_id: id });
    }
  }
  return pairs;
}
