import { useNavigate } from 'react-router';
import Tabs from 'antd/es/tabs';
import { PlannedScreen } from '../../../components/planned-screen.tsx';
import { paths } from '../../../config/paths.ts';

export type OrderTab =
  'pending' | 'roasting' | 'packing' | 'roasting-completed' | 'packing-completed';

interface OrderTabEntry {
  key: OrderTab;
  label: string;
  href: string;
  /** Packing tabs show only where the plant packs (orders setting r-is-pack). */
  packing: boolean;
  description: string;
}

const orderTabs: OrderTabEntry[] = [
  {
    key: 'pending',
    label: 'Pending',
    href: paths.ordersPending.getHref(),
    packing: false,
    description: 'Roasting orders waiting to start, in priority order, will appear here.',
  },
  {
    key: 'roasting',
    label: 'Roasting',
    href: paths.ordersRoasting.getHref(),
    packing: false,
    description: 'Orders being roasted, batch by batch, will appear here.',
  },
  {
    key: 'packing',
    label: 'Packing',
    href: paths.ordersPacking.getHref(),
    packing: true,
    description: 'Packing orders in progress will appear here.',
  },
  {
    key: 'roasting-completed',
    label: 'Roasting Completed',
    href: paths.ordersCompleted.getHref(),
    packing: false,
    description: 'Finished roasting orders will appear here.',
  },
  {
    key: 'packing-completed',
    label: 'Packing Completed',
    href: paths.ordersPackingFinished.getHref(),
    packing: true,
    description: 'Finished packing orders will appear here.',
  },
];

interface OrdersPageProps {
  tab: OrderTab;
}

/**
 * The order tabs, one route each. Until the plant's settings can be read, the packing tabs
 * show only when their route is opened directly.
 */
export function OrdersPage({ tab }: OrdersPageProps) {
  const navigate = useNavigate();
  const current = orderTabs.find((entry) => entry.key === tab) ?? orderTabs[0];
  const visible = orderTabs.filter((entry) => !entry.packing || entry.key === tab);

  return (
    <PlannedScreen
      title="Orders"
      description={current?.description ?? ''}
      toolbar={
        <Tabs
          activeKey={tab}
          items={visible.map((entry) => ({ key: entry.key, label: entry.label }))}
          onChange={(key) => {
            const target = orderTabs.find((entry) => entry.key === key);
            if (target) void navigate(target.href);
          }}
        />
      }
    />
  );
}
