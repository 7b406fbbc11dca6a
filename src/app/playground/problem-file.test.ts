import { describe, expect, it } from 'vitest';
import { readProblemFile } from './problem-file.ts';
import { PHOTONICS_KINDS } from './kinds.ts';

describe('reading a problem file', () => {
  it('returns the kind and the problem as written (validation is the solver’s)', () => {
    expect(readProblemFile('{"kind":"mode","polarization":"TE"}', 'p.json')).toEqual({ kind: 'mode', problem: { kind: 'mode', polarization: 'TE' } });
  });

  it('names the file and what is wrong', () => {
    expect(() => readProblemFile('{"kind":', 'p.json')).toThrow(/^p\.json is not valid JSON: /);
    expect(() => readProblemFile('[1]', 'p.json')).toThrow('p.json must hold one problem object');
    // The message lists every kind the solvers know (the list grows as solvers land).
    expect(PHOTONICS_KINDS.slice(0, 5)).toEqual(['scattering', 'layer_stack', 'mode', 'circuit', 'grating']);
    expect(() => readProblemFile('{"radius_nm": 5}', 'p.json')).toThrow(`p.json: "kind" must be one of ${PHOTONICS_KINDS.join(', ')} (it is missing)`);
    expect(() => readProblemFile('{"kind": "fdtd"}', 'p.json')).toThrow('not "fdtd"');
  });
});
