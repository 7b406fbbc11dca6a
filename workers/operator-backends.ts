/**
 * One operator's GPU-or-reference backends inside the worker (the DDA product, the plane-wave Θ):
 * built on first use, because acquiring a GPU device is not free and most problems never need one,
 * then kept together with the user's preference for that operator.
 */
import type { GpuBackendSet, GpuPreference } from '../src/core/kernels/gpu-choice.ts';

/** What the page shows about one operator's backends. */
export interface OperatorBackendsInfo {
  /** Backends that built, best first ('webgpu', 'reference'). */
  available: string[];
  /** "webgpu unavailable: …" for a backend passed over. */
  skipped: string[];
  /** Where each available backend runs and in what arithmetic. */
  descriptions: Record<string, string>;
  preference: GpuPreference;
}

export interface LazyOperatorBackends<B> {
  set(): Promise<GpuBackendSet<B>>;
  preference(): GpuPreference;
  setPreference(preference: GpuPreference): void;
  info(): Promise<OperatorBackendsInfo>;
  /** The available backends, GPU first (what the parity check runs). */
  available(): Promise<B[]>;
}

export function lazyOperatorBackends<B extends { readonly id: string; readonly description: string }>(load: () => Promise<GpuBackendSet<B>>): LazyOperatorBackends<B> {
  let ready: Promise<GpuBackendSet<B>> | undefined;
  let preference: GpuPreference = 'auto';
  const set = () => (ready ??= load());
  const available = async () => {
    const s = await set();
    return [...(s.gpu ? [s.gpu] : []), s.reference];
  };
  return {
    set,
    preference: () => preference,
    setPreference: (p) => {
      preference = p;
    },
    available,
    async info() {
      const [s, list] = await Promise.all([set(), available()]);
      return { available: list.map((b) => b.id), skipped: [...s.skipped], descriptions: Object.fromEntries(list.map((b) => [b.id, b.description])), preference };
    },
  };
}
