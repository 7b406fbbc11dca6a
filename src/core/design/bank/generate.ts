/**
 * The design bank: one JSON file per task (the agent-visible specification, c, and the privileged
 * reference source) plus a manifest with each file's size and SHA-256. For a Reimplementation, c is
 * J of the published device as the evaluator scores it (evaluator.ts: taskScale), so generating the
 * bank runs the evaluator on every published device; `proving-ground bank --suite design --check`
 * regenerates in memory and fails on any byte of drift — a change to a solver that moves a
 * published device's J shows up there.
 */
import { sha256Hex } from '../../hash/sha256.ts';
import { EVALUATOR_VERSION, taskScale, type EvaluatorDeps } from '../evaluator.ts';
import type { AnyDesignTask } from '../task.ts';
import { DesignBankManifestSchema, DesignTaskSchema, type DesignBankManifest, type DesignTask } from '../task-schema.ts';

export const DESIGN_GENERATOR_VERSION = 'design-bank/1.0.0';

export async function bankTaskOf(def: AnyDesignTask, deps: EvaluatorDeps): Promise<DesignTask> {
  return DesignTaskSchema.parse({
    task_id: def.task_id,
    family: def.family,
    title: def.title,
    physics: def.physics,
    spec: def.spec,
    c: await taskScale(def, deps),
    c_basis: def.c_basis,
    ...(def.citation ? { citation: def.citation } : {}),
    interface: def.interface,
    materials: def.materials,
    tools: def.tools,
    probe_budget: def.probe_budget,
    wall_clock_s: def.wall_clock_s,
    tolerance: def.tolerance,
    starter_source: def.starter_source,
    reference_source: def.reference_source,
    evaluator_version: EVALUATOR_VERSION,
  });
}

export const designTaskFile = (taskId: string): string => `${taskId}.json`;
export const designTaskText = (task: DesignTask): string => `${JSON.stringify(task, null, 2)}\n`;

export async function generateDesignBank(defs: readonly AnyDesignTask[], deps: EvaluatorDeps): Promise<{ files: Map<string, string>; manifest: DesignBankManifest; tasks: DesignTask[] }> {
  const encoder = new TextEncoder();
  const files = new Map<string, string>();
  const tasks: DesignTask[] = [];
  const entries: DesignBankManifest['files'] = [];
  for (const def of defs) {
    const task = await bankTaskOf(def, deps);
    const text = designTaskText(task);
    const file = designTaskFile(task.task_id);
    files.set(file, text);
    tasks.push(task);
    entries.push({ file, task_id: task.task_id, bytes: encoder.encode(text).length, sha256: sha256Hex(text) });
  }
  const manifest = DesignBankManifestSchema.parse({
    schema_version: 1,
    suite: 'design',
    generator_version: DESIGN_GENERATOR_VERSION,
    evaluator_version: EVALUATOR_VERSION,
    files: entries,
    counts: { design: tasks.filter((t) => t.family === 'design').length, reimplementation: tasks.filter((t) => t.family === 'reimplementation').length },
  });
  files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return { files, manifest, tasks };
}
