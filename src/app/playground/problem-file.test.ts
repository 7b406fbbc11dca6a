import { describe, expect, it } from 'vitest';
import { readProblemFile } from './problem-file.ts';

describe('reading a problem file', () => {
  it('returns the kind and the problem as written (validation is the solver’s)', () => {
    expect(readProblemFile('{"kind":"mode","polarization":"TE"}', 'p.json')).toEqual({ kind: 'mode', problem: { kind: 'mode', polarization: 'TE' } });
  });

  it('names the file and what is wrong', () => {
    expect(() => readProblemFile('{"kind":', 'p.json')).toThrow(/^p\.json is not valid JSON: /);
    expect(() => readProblemFile('[1]', 'p.json')).toThrow('p.json must hold one problem object');
    expect(() => readProblemFile('{"radius_nm": 5}', 'p.json')).toThrow('p.json: "kind" must be one of scattering, layer_stack, mode, circuit, grating, bands, dda, eme (it is missing)');
    expect(() => readProblemFile('{"kind": "fdtd"}', 'p.json')).toThrow('not "fdtd"');
  });
});
