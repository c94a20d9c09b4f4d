import Tag from 'antd/es/tag';
import type { WorkflowType } from '@roastery/contract';
import { workflowTypeColors, workflowTypeLabels } from '../lib/workflow-types.ts';

export function WorkflowTypeTag({ type }: { type: WorkflowType }) {
  return <Tag color={workflowTypeColors[type]}>{workflowTypeLabels[type]}</Tag>;
}
