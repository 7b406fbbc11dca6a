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

export function lazyOperatorBackends<B extends { readonly id: string; readonly description: string; readonly unavailableReason?: () => string | null }>(load: () => Promise<GpuBackendSet<B>>): LazyOperatorBackends<B> {
  let ready: Promise<GpuBackendSet<B>> | undefined;
  let preference: GpuPreference = 'auto';
  const set = () => (ready ??= load());
  /** The GPU backend unless its device was lost since it was built. */
  const liveGpu = (s: GpuBackendSet<B>): B | null => (s.gpu && !s.gpu.unavailableReason?.() ? s.gpu : null);
  const available = async () => {
    const s = await set();
    const gpu = liveGpu(s);
    return [...(gpu ? [gpu] : []), s.reference];
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
      const lost = s.gpu?.unavailableReason?.();
      return { available: list.map((b) => b.id), skipped: [...s.skipped, ...(lost ? [`webgpu unavailable: ${lost}`] : [])], descriptions: Object.fromEntries(list.map((b) => [b.id, b.description])), preference };
    },
  };
}
