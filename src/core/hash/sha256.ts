/**
 * SHA-256 (FIPS 180-4) in plain TypeScript. Core code cannot use node:crypto, and WebCrypto's
 * digest is asynchronous and absent in some workers, so bank manifests are hashed with this
 * synchronous implementation everywhere (CLI, tests and the browser compute identical digests).
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** Processes one 64-byte block at `offset` of `bytes`, updating `h` in place. */
function compress(h: Uint32Array, w: Uint32Array, bytes: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const o = offset + 4 * t;
    w[t] = ((bytes[o] as number) << 24) | ((bytes[o + 1] as number) << 16) | ((bytes[o + 2] as number) << 8) | (bytes[o + 3] as number);
  }
  for (let t = 16; t < 64; t++) {
    const w15 = w[t - 15] as number;
    const w2 = w[t - 2] as number;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) | 0;
  }
  let a = h[0] as number;
  let b = h[1] as number;
  let c = h[2] as number;
  let d = h[3] as number;
  let e = h[4] as number;
  let f = h[5] as number;
  let g = h[6] as number;
  let hh = h[7] as number;
  for (let t = 0; t < 64; t++) {
    const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + (K[t] as number) + (w[t] as number)) | 0;
    const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] as number) + a;
  h[1] = (h[1] as number) + b;
  h[2] = (h[2] as number) + c;
  h[3] = (h[3] as number) + d;
  h[4] = (h[4] as number) + e;
  h[5] = (h[5] as number) + f;
  h[6] = (h[6] as number) + g;
  h[7] = (h[7] as number) + hh;
}

/** SHA-256 digest of `data` (a UTF-8 string or raw bytes) as 64 lowercase hex characters. */
export function sha256Hex(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  const fullBlocks = Math.floor(bytes.length / 64);
  for (let i = 0; i < fullBlocks; i++) compress(h, w, bytes, i * 64);

  // Padding: the tail, a 0x80 byte, zeros, then the bit length as a 64-bit big-endian integer.
  const rest = bytes.length - fullBlocks * 64;
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(bytes.subarray(fullBlocks * 64));
  tail[rest] = 0x80;
  const bitLength = bytes.length * 8;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(tail.length - 4, bitLength >>> 0);
  for (let o = 0; o < tail.length; o += 64) compress(h, w, tail, o);

  let hex = '';
  for (const word of h) hex += word.toString(16).padStart(8, '0');
  return hex;
}
