import type { StepWrite, WriteLog, WriteOutcome } from '@roastery/engine';
import type { AuditService } from './audit-service.ts';

function resultOf(outcome: WriteOutcome): string {
  switch (outcome.result) {
    case 'ok':
      return 'confirmed by the PLC';
    case 'unconfirmed':
      return 'written, not confirmed by the PLC in time';
    case 'superseded':
      return 'superseded by a later write';
    case 'failed':
      return `failed: ${outcome.error ?? 'no reason given'}`;
  }
}

/**
 * The engine's step writes in the audit log, under the person who started the run (a run
 * started by a parent workflow or a plant event names whom its origin named). `record` only
 * queues, so the step does not wait for the audit write.
 */
export function stepWriteAudit(audit: AuditService): WriteLog {
  return {
    written({ run, step, ref, value, outcome }: StepWrite) {
      audit.record({
        userName: run.who,
        category: 'workflow',
        action: 'plc-write',
        target: [
          `run=${run.id}`,
          `workflow=${run.workflow_name}`,
          `step=${step}`,
          `device=${ref.device_id}`,
          `command=${ref.command_kind} ${ref.command_id}`,
          `value=${value}`,
        ].join(', '),
        result: resultOf(outcome),
      });
    },
  };
}
