import Tag from 'antd/es/tag';
import type { ServiceStatus } from '@roastery/contract';

/** The spec's words for a service's state. */
export function ServiceStatusTag({ status }: { status: ServiceStatus }) {
  return status === 'running' ? (
    <Tag color="success">Running</Tag>
  ) : (
    <Tag color="error">Not Running</Tag>
  );
}
