/**
 * The reproduction bank: one JSON file per task (the public task and the built-in agents'
 * workflows) plus a manifest with each file's size and SHA-256. Generation runs no physics (the
 * rubric's references are computed by the grader at evaluation time), so `bank --check` catches an
 * edited claim, spec or workflow byte for byte.
 */
import { sha256Hex } from '../../hash/sha256.ts';
import { REPRODUCTION_EVALUATOR_VERSION } from '../evaluator.ts';
import { ReproductionBankManifestSchema, ReproductionBankTaskSchema, type ReproductionBankManifest, type ReproductionBankTask } from '../task-schema.ts';
import type { ReproductionTaskDefinition } from '../task.ts';

export const REPRODUCTION_GENERATOR_VERSION = 'reproduction-bank/1.0.0';

export const reproductionTaskFile = (taskId: string): string => `${taskId}.json`;

export function generateReproductionBank(defs: readonly ReproductionTaskDefinition[]): { files: Map<string, string>; manifest: ReproductionBankManifest; tasks: ReproductionBankTask[] } {
  const encoder = new TextEncoder();
  const files = new Map<string, string>();
  const tasks: ReproductionBankTask[] = [];
  const entries: ReproductionBankManifest['files'] = [];
  for (const def of defs) {
    const task = ReproductionBankTaskSchema.parse({ ...def.task, reference: def.reference, plausible: def.plausible, evaluator_version: REPRODUCTION_EVALUATOR_VERSION });
    const text = `${JSON.stringify(task, null, 2)}\n`;
    const file = reproductionTaskFile(task.task_id);
    files.set(file, text);
    tasks.push(task);
    entries.push({ file, task_id: task.task_id, bytes: encoder.encode(text).length, sha256: sha256Hex(text) });
  }
  const manifest = ReproductionBankManifestSchema.parse({
    schema_version: 1,
    suite: 'reproduction',
    generator_version: REPRODUCTION_GENERATOR_VERSION,
    evaluator_version: REPRODUCTION_EVALUATOR_VERSION,
    files: entries,
    counts: { tasks: tasks.length },
  });
  files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { files, manifest, tasks };
}
