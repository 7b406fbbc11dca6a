/**
 * `a` itself when it has room for `need` more entries after its first `used`, else a copy of those
 * entries in an array doubled until it has: the growable integer pools of the sparse ordering and
 * symbolic factorisation (minimum-degree.ts, supernodal-tree.ts), which append without knowing
 * their final size.
 */
export function withRoom(a: Int32Array<ArrayBuffer>, used: number, need: number): Int32Array<ArrayBuffer> {
  if (used + need <= a.length) return a;
  let size = Math.max(1, a.length);
  while (size < used + need) size *= 2;
  const grown = new Int32Array(size);
  grown.set(a.subarray(0, used));
  return grown;
}
