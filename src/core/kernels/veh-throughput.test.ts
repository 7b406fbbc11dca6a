import { describe, expect, it } from 'vitest';
import { INPUT_STRIDE } from '../veh/oracle-layout.ts';
import type { VehOracleBackend } from './veh-backend.ts';
import { measureThroughput, median } from './veh-throughput.ts';

describe('throughput measurement', () => {
  it('median of odd and even lists', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('counts evaluations against a fake clock and reports the median round', () => {
    // A batch of 10 designs "takes" 1 ms during the 5 ms warm-up and round 1, 2 ms in round 2 and
    // 4 ms in round 3 (rounds of 20 ms: t = 5..25, 25..45, 45..65). So the rounds evaluate 200,
    // 100 and 50 designs in 20 ms: 10 000, 5 000 and 2 500 evaluations/s, median 5 000.
    let now = 0;
    let batches = 0;
    const backend: VehOracleBackend = {
      id: 'fake',
      evaluateBatch: (_input, count) => {
        expect(count).toBe(10);
        batches++;
        now += now < 25 ? 1 : now < 45 ? 2 : 4;
      },
    };
    const result = measureThroughput(backend, new Float64Array(10 * INPUT_STRIDE), 10, () => now, { rounds: 3, roundMs: 20, warmupMs: 5 });
    expect(result.rounds).toEqual([10_000, 5_000, 2_500]);
    expect(result.evalsPerSecond).toBe(5_000);
    expect(batches).toBe(5 + 20 + 10 + 5);
  });
});
