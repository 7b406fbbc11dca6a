// Linear-memory helpers shared by the kernels in assembly/ (not built on its own: build-wasm.mjs
// skips files starting with `_`). Each kernel re-exports alloc so the JS side can reserve its
// input/output regions; ld/st read and write the k-th f64 from a byte address.

/** Reserves `bytes` of linear memory for the caller's input/output buffers (8-byte aligned). */
export function alloc(bytes: i32): usize {
  return heap.alloc(<usize>bytes);
}

/** The k-th f64 from `base`. */
@inline
export function ld(base: usize, k: i32): f64 {
  return load<f64>(base + (<usize>k << 3));
}

/** Stores `v` as the k-th f64 from `base`. */
@inline
export function st(base: usize, k: i32, v: f64): void {
  store<f64>(base + (<usize>k << 3), v);
}

/** The k-th i32 from `base`. */
@inline
export function ldi(base: usize, k: i32): i32 {
  return load<i32>(base + (<usize>k << 2));
}

/** Stores `v` as the k-th i32 from `base`. */
@inline
export function sti(base: usize, k: i32, v: i32): void {
  store<i32>(base + (<usize>k << 2), v);
}
