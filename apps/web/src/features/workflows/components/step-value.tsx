import type { WorkflowStep } from '@roastery/contract';
import Tag from 'antd/es/tag';

interface StepValueProps {
  step: WorkflowStep;
}

/** A step's value as the tables show it: the number, or Dynamic when asked for at start. */
export function StepValue({ step }: StepValueProps) {
  return step.dynamic ? <Tag color="gold">Dynamic</Tag> : <>{step.command_value}</>;
}
