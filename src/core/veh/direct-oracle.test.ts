import { describe, expect, it } from 'vitest';
import { referenceVehBackend } from '../kernels/reference-veh-backend.ts';
import type { VehOracleBackend } from '../kernels/veh-backend.ts';
import { createDirectVehOracle } from './direct-oracle.ts';
import { INPUT_STRIDE, OUTPUT_STRIDE } from './oracle-layout.ts';
import { evaluateInto } from './oracle-reference.ts';
import { packRequest, parseOracleRequest, unpackResult, type OracleRequest } from './oracle.ts';

const requestAt = (lengthMm: number, piezo = 'PZT-5A'): OracleRequest =>
  parseOracleRequest({
    design: { beam_length_mm: lengthMm, beam_width_mm: 15, substrate_thickness_um: 280, piezo_thickness_um: 150, tip_mass_g: 2.5, load_resistance_ohm: 1e4 },
    excitation: { frequency_hz: 50, acceleration_g: 0.5 },
    environment: { piezo_material: piezo },
  });

/** What the reference gives for one request, computed without the oracle wrapper. */
function expected(req: OracleRequest) {
  const input = new Float64Array(INPUT_STRIDE);
  packRequest(req, input, 0);
  const out = new Float64Array(OUTPUT_STRIDE);
  evaluateInto(input, 0, out, 0);
  return unpackResult(out, 0);
}

describe('direct VEH oracle', () => {
  const oracle = createDirectVehOracle(referenceVehBackend);
  const requests = [requestAt(30), requestAt(55, 'PVDF'), requestAt(80, 'PZT-5H')];

  it('evaluateMany returns one result per request, in order', async () => {
    expect(oracle.backendId).toBe('reference');
    expect(await oracle.evaluateMany(requests)).toEqual(requests.map(expected));
    expect(await oracle.evaluateMany([])).toEqual([]);
  });

  it('evaluate, evaluateSync and evaluateManySync agree', async () => {
    for (const r of requests) {
      expect(oracle.evaluateSync(r)).toEqual(expected(r));
      expect(await oracle.evaluate(r)).toEqual(expected(r));
    }
    expect(oracle.evaluateManySync(requests)).toEqual(requests.map(expected));
  });

  it('hands the whole list to the backend as one batch', async () => {
    const counts: number[] = [];
    const spy: VehOracleBackend = {
      id: 'spy',
      evaluateBatch(input, count, out) {
        counts.push(count);
        referenceVehBackend.evaluateBatch(input, count, out);
      },
    };
    await createDirectVehOracle(spy).evaluateMany(requests);
    expect(counts).toEqual([3]);
  });

  it('reports an unknown material as a rejection, not a synchronous throw', async () => {
    const bad = { ...requests[0], environment: { piezo_material: 'nope', substrate_material: 'steel', damping_ratio: 0.01 } } as OracleRequest;
    const pending = oracle.evaluate(bad);
    await expect(pending).rejects.toThrow(/unknown piezo material "nope"/);
  });
});
