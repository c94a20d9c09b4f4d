import { Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { SettingRef } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionErrorBoundary } from '../../../components/section-error-boundary.tsx';
import { paths } from '../../../config/paths.ts';
import { useSetting } from '../../../lib/get-setting.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';

export type OrderTab =
  'pending' | 'roasting' | 'packing' | 'roasting-completed' | 'packing-completed';

const PendingTab = lazyPage(() =>
  import('../components/pending-tab.tsx').then((m) => m.PendingTab),
);
const RoastingTab = lazyPage(() =>
  import('../components/roasting-tab.tsx').then((m) => m.RoastingTab),
);
const PackingTab = lazyPage(() =>
  import('../components/packing-tab.tsx').then((m) => m.PackingTab),
);
const RoastingCompletedTab = lazyPage(() =>
  import('../components/completed-tabs.tsx').then((m) => m.RoastingCompletedTab),
);
const PackingCompletedTab = lazyPage(() =>
  import('../components/completed-tabs.tsx').then((m) => m.PackingCompletedTab),
);

interface OrderTabEntry {
  key: OrderTab;
  label: string;
  href: string;
  /** Packing tabs show only where the plant packs (orders setting r-is-pack = 'yes'). */
  packing: boolean;
  content: () => ReactNode;
}

const orderTabs: OrderTabEntry[] = [
  {
    key: 'pending',
    label: 'Pending',
    href: paths.ordersPending.getHref(),
    packing: false,
    content: () => <PendingTab />,
  },
  {
    key: 'roasting',
    label: 'Roasting',
    href: paths.ordersRoasting.getHref(),
    packing: false,
    content: () => <RoastingTab />,
  },
  {
    key: 'packing',
    label: 'Packing',
    href: paths.ordersPacking.getHref(),
    packing: true,
    content: () => <PackingTab />,
  },
  {
    key: 'roasting-completed',
    label: 'Roasting Completed',
    href: paths.ordersCompleted.getHref(),
    packing: false,
    content: () => <RoastingCompletedTab />,
  },
  {
    key: 'packing-completed',
    label: 'Packing Completed',
    href: paths.ordersPackingFinished.getHref(),
    packing: true,
    content: () => <PackingCompletedTab />,
  },
];

/** The order tabs, one route each; only the open tab's screen is loaded. */
export function OrdersPage({ tab }: { tab: OrderTab }) {
  const navigate = useNavigate();
  const packing = useSetting(SettingRef.Packing);
  const packs = packing.data?.value === 'yes';
  const visible = orderTabs.filter((entry) => !entry.packing || packs);
  const current = orderTabs.find((entry) => entry.key === tab);
  const hidden = current?.packing === true && !packs;

  return (
    <>
      <PageHeader title="Orders" />
      <Card>
        <Tabs
          activeKey={tab}
          size="large"
          items={visible.map((entry) => ({ key: entry.key, label: entry.label }))}
          onChange={(key) => {
            const target = orderTabs.find((entry) => entry.key === key);
            if (target) void navigate(target.href);
          }}
        />
        <SectionErrorBoundary label="this tab">
          <Suspense fallback={<Skeleton active />}>
            {hidden ? (
              packing.isPending ? (
                <Skeleton active />
              ) : (
                <EmptyState description="This plant does not pack: the orders setting 'r-is-pack' is not 'yes'." />
              )
            ) : (
              current?.content()
            )}
          </Suspense>
        </SectionErrorBoundary>
      </Card>
    </>
  );
}
