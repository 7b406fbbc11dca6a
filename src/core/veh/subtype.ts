import type { VehTask } from './task-schema.ts';

/**
 * The probe-specific category of a task (what the task browser calls its subtype, and what a run's
 * `subtype` filter selects): P1's subtype, P2's subtype, P3's trap type or P4's policy.
 */
export function subtypeOf(task: VehTask): string {
  switch (task.probe) {
    case 'P1':
      return task.p1_subtype;
    case 'P2':
      return task.p2_subtype;
    case 'P3':
      return task.trap_type;
    case 'P4':
      return task.policy;
  }
}
