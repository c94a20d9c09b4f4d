import Tag from 'antd/es/tag';
import type { LotQualityStatus } from '@roastery/contract';
import { statusLook } from '../lib/quality-lot.ts';

export function QualityStatusTag({ status }: { status: LotQualityStatus }) {
  const look = statusLook(status);
  return <Tag color={look.color}>{look.label}</Tag>;
}
