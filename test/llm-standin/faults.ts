/**
 * Faults a test queues on the stand-in. Each one replaces the normal answer to one generation
 * request (chat completions, messages, generateContent), in the order queued; model listing is
 * never affected. The request is still authenticated and validated first, so a faulted exchange
 * also checks what the adapter sent.
 */
export type Fault =
  /** An error status in the provider's error format; `retryAfter` is sent as the retry-after header as is (seconds or an HTTP date). */
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter?: string; readonly message?: string }
  /** 200 with a body that is not JSON (non-streaming), or a data event that is not JSON (streaming). */
  | { readonly kind: 'malformed' }
  /** The reply ends cleanly halfway: half a JSON body, or a stream without its terminal events. */
  | { readonly kind: 'truncate' }
  /** The connection is destroyed halfway through the body. */
  | { readonly kind: 'reset' }
  /** Nothing is sent for `ms` (a slow model); a client that gives up first is noticed and the timer dropped. */
  | { readonly kind: 'delay'; readonly ms: number }
  /** A stream sends half its events, then stalls for `ms` before the rest. */
  | { readonly kind: 'stall'; readonly ms: number }
  /**
   * An endless reply: a stream repeats one content event (after half its events), a JSON body never
   * closes its padding — until the client hangs up (or FLOOD_LIMIT_BYTES, so a client without a cap
   * cannot hold the test forever).
   */
  | { readonly kind: 'flood' };

/** The most a 'flood' fault sends before ending the reply. */
export const FLOOD_LIMIT_BYTES = 64 * 1024 * 1024;
