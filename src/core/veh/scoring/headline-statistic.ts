/**
 * The headline metric of a probe (src/core/run/headline.ts) as a statistic of a subset of task
 * rows, for bootstraps that resample tasks (the paired comparison of two runs). Rows are summarised
 * once up front; each resample then only picks summaries by index, so 2,000 resamples stay cheap.
 */
import type { P1Row, P2Row, P3Row, P4Row, VehRow } from '../rows.ts';
import type { Probe } from '../task-schema.ts';
import { p1Composite } from '../metrics/p1.ts';
import { p2b, summariseP2 } from '../metrics/p2.ts';
import { successRate, summariseP3 } from '../metrics/p3.ts';
import { meanTau, summariseP4 } from '../metrics/p4.ts';
import type { IndexedStatistic } from '../../suite/scoring.ts';


const pick = <T>(items: readonly T[], indices: readonly number[]): T[] => indices.map((i) => items[i] as T);

/** All rows must belong to `probe`; a row of another probe is a caller bug and throws. */
export function headlineStatistic(probe: string, rows: readonly VehRow[]): IndexedStatistic {
  const wrong = rows.find((r) => r.probe !== probe);
  if (wrong) throw new RangeError(`headlineStatistic(${probe}): row ${wrong.task_id} belongs to ${wrong.probe}`);
  switch (probe as Probe) {
    case 'P1': {
      const p1 = rows as readonly P1Row[];
      return (idx) => p1Composite(pick(p1, idx));
    }
    case 'P2': {
      const s = (rows as readonly P2Row[]).map(summariseP2);
      return (idx) => p2b(pick(s, idx));
    }
    case 'P3': {
      const s = (rows as readonly P3Row[]).map(summariseP3);
      return (idx) => successRate(pick(s, idx));
    }
    case 'P4': {
      const s = (rows as readonly P4Row[]).map(summariseP4);
      return (idx) => meanTau(pick(s, idx));
    }
    default:
      throw new RangeError(`headlineStatistic: ${probe} is not a VEH probe`);
  }
}
