/**
 * Progress of a long solve (wavelength points, k-points, optimiser iterations), reported through the
 * SolveContext so the CLI, the worker and the tests see the same events. Solvers are synchronous;
 * in the page the sink is a comlink proxy, so every call is a message: the reporter only passes on
 * a step when the fraction moved by at least 1 % (or the stage changed, or the work finished).
 */
export interface SolveProgress {
  /** What is being done, in words a user can read ("k-point", "wavelength", "iteration"). */
  readonly stage: string;
  readonly done: number;
  readonly total: number;
}

export type ProgressSink = (progress: SolveProgress) => void;

export interface ProgressReporter {
  /** `done` steps of `total` are finished. */
  step(done: number): void;
}

const SILENT: ProgressReporter = { step: () => undefined };

/** A reporter for `total` steps of `stage`; a no-op without a sink. Sink errors never break the solve. */
export function progressReporter(sink: ProgressSink | undefined, stage: string, total: number): ProgressReporter {
  if (!sink || !(total > 0)) return SILENT;
  let lastFraction = -1;
  return {
    step(done) {
      const fraction = Math.min(1, Math.max(0, done / total));
      if (fraction < 1 && fraction - lastFraction < 0.01) return;
      lastFraction = fraction;
      try {
        sink({ stage, done: Math.min(done, total), total });
      } catch {
        // A closed page or a throwing listener must not abort the solve it is watching.
      }
    },
  };
}
