/**
 * The first constraint name in an oracle request that is not a known one — an object's key or a
 * list item's `name` — or null. A request's `constraints` is a union (limits object or task-file
 * list), so the schema alone would only say "constraints: Invalid input" (issue 21); the oracles
 * name the key and the allowed ones instead.
 */
export function unknownConstraintName(raw: unknown, names: readonly string[]): string | null {
  if (typeof raw !== 'object' || raw === null || !('constraints' in raw)) return null;
  const c = (raw as { constraints: unknown }).constraints;
  const known = (name: string): boolean => names.includes(name);
  if (Array.isArray(c)) {
    for (const item of c as unknown[]) {
      const name = typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : undefined;
      if (typeof name === 'string' && !known(name)) return name;
    }
    return null;
  }
  if (typeof c === 'object' && c !== null) return Object.keys(c).find((k) => !known(k)) ?? null;
  return null;
}
