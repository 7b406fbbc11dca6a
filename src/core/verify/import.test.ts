import { beforeAll, describe, expect, it } from 'vitest';
import { runVehSuite } from '../veh/run/run-veh.ts';
import { getBuiltinAgent } from '../veh/agents/index.ts';
import { fixtureBank, fixtureOracle } from '../veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../veh/protocol/test-session.ts';
import { ImportError, checkImportSize, parseJsonText, resultFileKind } from './import.ts';
import { parseSuiteBundle, parseSuiteResults, parseSuiteTranscript } from '../suite/files.ts';
import { vehSuite } from '../veh/suite.ts';

// Text → JSON (size limit, truncation) → the suite's schema, as the CLI and the page read files.
const parseRunBundleText = (what: string, text: string, max?: number) => parseSuiteBundle(vehSuite, what, parseJsonText(what, text, max));
const parseResultsFileText = (what: string, text: string) => parseSuiteResults(vehSuite, what, parseJsonText(what, text));
const parseTranscriptText = (what: string, text: string) => parseSuiteTranscript(vehSuite, what, parseJsonText(what, text));

let bundle = '';
beforeAll(async () => {
  const tasks = fixtureBank().filter((t) => t.probe === 'P4');
  const r = await runVehSuite({ tasks, agent: getBuiltinAgent('reference'), oracle: fixtureOracle, clock: fixtureClock(), seed: 1 });
  bundle = JSON.stringify({ status: r.status, error: r.error, manifest: r.manifest, rows: r.rows, metrics: r.metrics, transcripts: r.transcripts });
});

describe('import hardening', () => {
  it('reads a valid bundle', () => {
    const b = parseRunBundleText('run.json', bundle);
    expect(b.transcripts.length).toBe(b.rows.length);
    expect(resultFileKind(JSON.parse(bundle))).toBe('bundle');
  });

  it('names the path of the first schema problems', () => {
    const raw = JSON.parse(bundle) as { rows: { task_id: unknown }[]; transcripts: { events: { type: unknown }[] }[] };
    raw.rows[1]!.task_id = 42;
    expect(() => parseRunBundleText('run.json', JSON.stringify(raw))).toThrow(/run\.json is not a valid run download: rows\.1\.task_id: .*expected string/);
    const raw2 = JSON.parse(bundle) as { transcripts: { events: { type: unknown }[] }[] };
    raw2.transcripts[0]!.events[0]!.type = 'shell';
    expect(() => parseRunBundleText('run.json', JSON.stringify(raw2))).toThrow(/transcripts\.0\.events\.0\.type/);
    expect(() => parseResultsFileText('results.json', '{"schema_version": 9}')).toThrow(/results\.json is not a valid results\.json: schema_version/);
    expect(() => parseTranscriptText('t.json', '[]')).toThrow(ImportError);
  });

  it('calls a cut-off file truncated', () => {
    expect(() => parseRunBundleText('run.json', bundle.slice(0, Math.floor(bundle.length / 2)))).toThrow(/run\.json is not valid JSON \(the file looks truncated/);
    expect(() => parseJsonText('x.json', '{"a": 1} trailing')).toThrow(/x\.json is not valid JSON: /);
    expect(() => parseJsonText('x.json', '{"a": 1} trailing')).not.toThrow(/truncated/);
    expect(() => parseJsonText('x.json', '  ')).toThrow(/x\.json is empty/);
  });

  it('ignores a leading UTF-8 BOM (only there)', () => {
    expect(parseRunBundleText('bom.json', '\uFEFF' + bundle).rows.length).toBeGreaterThan(0);
    expect(() => parseJsonText('x.json', ' \uFEFF{}')).toThrow(/x\.json is not valid JSON/);
  });

  it('rejects oversized input before parsing', () => {
    expect(() => checkImportSize('big.json', 600 * 1024 * 1024)).toThrow(/big\.json is 600\.0 MiB \(629145600 bytes\), over the 512\.0 MiB \(536870912 bytes\) limit for result files; nothing was read/);
    expect(() => checkImportSize('ok.json', 1000)).not.toThrow();
    expect(() => parseRunBundleText('run.json', bundle, 1024)).toThrow(/run\.json is \d+ bytes, over the 1024 bytes limit/);
  });
});
