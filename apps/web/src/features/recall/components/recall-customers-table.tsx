import Table, { type ColumnsType } from 'antd/es/table';
import { orderNumber, type RecallCustomer } from '@roastery/contract';
import { formatListDate } from '../../../lib/format-date.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';

const columns: ColumnsType<RecallCustomer> = [
  {
    key: 'customer',
    title: 'Customer',
    render: (_, c) => c.customer || 'No customer named',
    sorter: (a, b) => a.customer.localeCompare(b.customer, 'en'),
  },
  {
    key: 'lbs',
    title: 'Quantity',
    align: 'right',
    render: (_, c) => formatLbs(c.lbs),
    sorter: (a, b) => a.lbs - b.lbs,
  },
  {
    key: 'orders',
    title: 'Orders',
    render: (_, c) => c.orders.map(orderNumber).join(', '),
  },
  { key: 'lots', title: 'Lots', render: (_, c) => c.lots.join(', ') },
  {
    key: 'last',
    title: 'Last packed',
    render: (_, c) => formatListDate(c.last_packed),
    sorter: (a, b) => a.last_packed.localeCompare(b.last_packed),
  },
];

/** Who has to be called: every customer the chain reached, with what they got. */
export function RecallCustomersTable({ customers }: { customers: RecallCustomer[] }) {
  return (
    <Table<RecallCustomer>
      aria-label="Customers affected"
      size="small"
      rowKey="customer"
      columns={columns}
      dataSource={customers}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No customer has received any of it' }}
    />
  );
}
