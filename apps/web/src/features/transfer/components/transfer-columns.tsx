import type { ColumnsType } from 'antd/es/table';
import type { Transfer } from '@roastery/contract';
import { formatLbs } from '../../../lib/format-lbs.ts';

/** What every transfer list shows first: which transfer, from where to where, what and how much. */
export const transferColumns: ColumnsType<Transfer> = [
  { title: 'Transfer', dataIndex: 'id' },
  { title: 'From', dataIndex: 'source_device_name' },
  { title: 'To', dataIndex: 'target_device_name' },
  { title: 'Bean', dataIndex: 'bean_name' },
  {
    title: 'Weight',
    dataIndex: 'target_amount',
    align: 'right',
    render: (lbs: number) => formatLbs(lbs),
  },
];
