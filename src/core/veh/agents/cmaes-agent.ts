/**
 * CMA-ES calibration baselines (Appendix M): population 8, initial σ 0.15 in the normalised log
 * box of the bounds, starting from the initial design (P2) or the trusted prior design (P3).
 * Fitness = −log(power) + a large penalty × total violation, read from the verifier responses.
 * They bring their own query budget (6 or 40) under the full-budget rule: every query is spent,
 * then the query-free final turn names the best evaluated design (best feasible when there is one;
 * otherwise least penalised). The initial anchor itself is not a candidate for P2's final design —
 * only the optimiser's own evaluations are, as in the paper's CMA-ES audit.
 * P3 spends its first query on reset_to_prior, which both evaluates and reveals the trusted prior
 * (the state-summary prompt does not show it); the search is centred there.
 */
import type { JsonObject } from '../../agent/parse-json.ts';
import type { EpisodeContext } from '../../agent/types.ts';
import type { VehDesign } from '../oracle.ts';
import type { BudgetedAgent } from '../protocol/budget.ts';
import { Cmaes, normalSource } from '../../optim/cmaes.ts';
import { detMath } from '../../math/det-math.ts';
import { DesignSpace } from './design-space.ts';
import { boundsOf, candidateIdsOf, initialDesignOf, isFinalSelection, lastStateOf, observationOf, type Observation } from './payload.ts';
import { scriptedAgent, type Strategy } from './scripted.ts';

export const CMAES_POPULATION = 8;
export const CMAES_SIGMA0 = 0.15;
/** Weight of the total violation in the fitness: any violation outweighs any power difference. */
export const VIOLATION_PENALTY = 1e3;
/** Fitness of a proposal the harness refused to evaluate (cannot happen with clipped samples). */
const UNEVALUATED_FITNESS = 1e12;

export const fitnessOf = (o: Observation): number => -detMath.log(Math.max(o.power, 1e-12)) + VIOLATION_PENALTY * o.totalViolation;

interface Scored {
  design: VehDesign;
  fitness: number;
  feasible: boolean;
}

/** One CMA-ES run fed one evaluation at a time (ask λ, propose them in turn, tell when all are scored). */
export class CmaesSearch {
  private readonly es: Cmaes;
  private pending: number[][] = [];
  private generation: { x: number[]; f: number }[] = [];
  private last: number[] | null = null;
  private best: Scored | null = null;

  constructor(
    private readonly space: DesignSpace,
    start: VehDesign,
    uniform: () => number,
  ) {
    this.es = new Cmaes({ mean: space.toUnit(start), sigma: CMAES_SIGMA0, lambda: CMAES_POPULATION, normal: normalSource(uniform, detMath), math: detMath });
  }

  propose(): VehDesign {
    if (this.pending.length === 0) this.pending = this.es.ask();
    const design = this.space.fromUnit(this.pending.shift() as number[]);
    // The repaired (clipped) point is what gets evaluated, so it is what the update learns from.
    this.last = this.space.toUnit(design);
    return design;
  }

  /** Scores the last proposal (null: it was not evaluated). */
  observe(o: Observation | null): void {
    if (o) this.consider(o);
    if (this.last === null) return;
    this.generation.push({ x: this.last, f: o ? fitnessOf(o) : UNEVALUATED_FITNESS });
    this.last = null;
    if (this.generation.length === this.es.lambda) {
      this.es.tell(
        this.generation.map((g) => g.x),
        this.generation.map((g) => g.f),
      );
      this.generation = [];
    }
  }

  /** An evaluation outside the sampled population (P3's trusted prior): eligible as final, not an update. */
  consider(o: Observation): void {
    const s: Scored = { design: o.design, fitness: fitnessOf(o), feasible: o.feasible };
    const b = this.best;
    if (b === null || (s.feasible && !b.feasible) || (s.feasible === b.feasible && s.fitness < b.fitness)) this.best = s;
  }

  bestDesign(): VehDesign | null {
    return this.best?.design ?? null;
  }
}

const stopWith = (design: VehDesign | null): JsonObject =>
  design ? { action: 'stop', design, reason: 'best evaluated design' } : { action: 'stop', reason: 'nothing evaluated' };

export function cmaesStrategy(ctx: EpisodeContext): Strategy {
  const uniform = (): number => ctx.rng.next();
  let search: CmaesSearch | null = null;
  return (v) => {
    switch (v.probe) {
      case 'P1':
        return { action: 'propose_design', reason: 'optimisers always search', missing_fields: [] };
      case 'P4':
        return { ranking: candidateIdsOf(v.opening), reason: 'candidates in the order given' };
      case 'P2': {
        if (search === null) {
          search = new CmaesSearch(new DesignSpace(boundsOf(v.opening)), initialDesignOf(v.opening), uniform);
        } else search.observe(observationOf(v.latest));
        if (isFinalSelection(v.latest)) return stopWith(search.bestDesign());
        return { action: 'continue', design: search.propose(), reason: 'CMA-ES sample' };
      }
      case 'P3': {
        if (v.turn === 0) return { action: 'reset_to_prior', reason: 'evaluate the trusted prior to centre the search' };
        const obs = observationOf(v.latest);
        if (search === null) {
          search = new CmaesSearch(new DesignSpace(boundsOf(v.opening)), obs?.design ?? lastStateOf(v.opening), uniform);
          if (obs) search.consider(obs);
        } else search.observe(obs);
        if (isFinalSelection(v.latest)) return stopWith(search.bestDesign());
        return { action: 'propose_design', design: search.propose(), reason: 'CMA-ES sample' };
      }
    }
  };
}

function cmaesAgent(budget: number): BudgetedAgent {
  return scriptedAgent({
    id: `cmaes-${budget}`,
    label: `CMA-ES, ${budget} queries`,
    description: `CMA-ES (population ${CMAES_POPULATION}, σ₀ ${CMAES_SIGMA0} in the normalised log box) with its own budget of ${budget} queries for P2 and P3, all spent; the final design is its best evaluated one (best feasible when any). P1 proposes, P4 keeps the given order.`,
    privileged: false,
    queryBudgetOverride: budget,
    strategy: cmaesStrategy,
  });
}

export const cmaes6Agent = cmaesAgent(6);
export const cmaes40Agent = cmaesAgent(40);
