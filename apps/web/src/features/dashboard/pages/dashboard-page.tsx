import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NotLiveBanner } from '../../../components/not-live-banner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SectionErrorBoundary } from '../../../components/section-error-boundary.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDashboardOverview } from '../api/get-dashboard-overview.ts';
import { DashboardPopups } from '../components/dashboard-popups.tsx';
import { OrderFlowPanel } from '../components/order-flow-panel.tsx';
import { SiloBinsOccupancy } from '../components/silo-bins-occupancy.tsx';
import { StageTiles } from '../components/stage-tiles.tsx';
import { SystemInfoDrawer } from '../components/system-info-drawer.tsx';
import { WaitingDevicesDrawer } from '../components/waiting-devices-drawer.tsx';
import styles from './dashboard-page.module.css';

type DrawerName = 'waiting' | 'system';

/**
 * The plant dashboard of administrators and supervisors: stages, what runs wait on, the flow of
 * each order under way, the silos, and the prompts the plant waits on. It refreshes every 10 s
 * and whenever a live event touches what it shows.
 */
export function DashboardPage() {
  const overview = useDashboardOverview();
  const [drawer, setDrawer] = useState<DrawerName | null>(null);
  const failed = overview.isError && !overview.data;

  return (
    <>
      <PageHeader title="Dashboard" subtitle="The plant at a glance." />
      <NotLiveBanner
        className={styles.banner}
        places={overview.data && [...overview.data.stages, ...overview.data.silos]}
      />
      <StageTiles
        stages={overview.data?.stages}
        waitingDevices={overview.data?.waiting_devices}
        onOpenWaiting={() => setDrawer('waiting')}
        onOpenSystem={() => setDrawer('system')}
      />
      {failed ? (
        <Card>
          <EmptyState description={errorMessage(overview.error)}>
            <Button loading={overview.isFetching} onClick={() => void overview.refetch()}>
              Try again
            </Button>
          </EmptyState>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <SectionErrorBoundary label="the order flow">
              {overview.data ? (
                <OrderFlowPanel orders={overview.data.orders} />
              ) : (
                <Card title="Order Flow">
                  <Skeleton active />
                </Card>
              )}
            </SectionErrorBoundary>
          </Col>
          <Col xs={24} xl={10}>
            <Card title="Silo Bins Occupancy">
              {overview.data ? (
                <SiloBinsOccupancy silos={overview.data.silos} />
              ) : (
                <Skeleton active title={false} paragraph={{ rows: 6 }} />
              )}
            </Card>
          </Col>
        </Row>
      )}
      <WaitingDevicesDrawer open={drawer === 'waiting'} onClose={() => setDrawer(null)} />
      <SystemInfoDrawer open={drawer === 'system'} onClose={() => setDrawer(null)} />
      <DashboardPopups />
    </>
  );
}
