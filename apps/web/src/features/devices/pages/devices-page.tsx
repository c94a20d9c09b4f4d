import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Tabs from 'antd/es/tabs';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { NotLiveBanner } from '../../../components/not-live-banner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { plantStages } from '../../../config/plant-stages.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeviceList } from '../../../lib/get-device-list.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { DeviceDetailDrawer } from '../components/device-detail-drawer.tsx';
import { DeviceDetailPanel } from '../components/device-detail-panel.tsx';
import { DeviceGrid } from '../components/device-grid.tsx';
import styles from './devices-page.module.css';

/** The spec polls the device list every 10 s; live events refresh it sooner. */
const DEVICE_LIST_POLL_MS = 10_000;

function tabIndex(value: string | null): number {
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < plantStages.length ? index : 0;
}

/** One device as a page of its own: the spec's device details page, reached with ?id=CODE. */
function DeviceDetailPage({ code }: { code: string }) {
  return (
    <>
      <PageHeader
        title="Device details"
        actions={
          <Link to={paths.devices.getHref()}>
            <Button icon={<ArrowLeftOutlined />}>All devices</Button>
          </Link>
        }
      />
      <Card>
        <DeviceDetailPanel code={code} />
      </Card>
    </>
  );
}

/** Devices by stage; the query t holds the stage's tab index so links can open one directly. */
export function DevicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabIndex(searchParams.get('t'));
  const deviceCode = searchParams.get('id');
  const devices = useDeviceList({ refetchInterval: usePollInterval(DEVICE_LIST_POLL_MS) });
  const [opened, setOpened] = useState<string>();

  if (deviceCode) return <DeviceDetailPage code={deviceCode} />;

  const stageDevices = devices.data?.filter((device) => device.device_stage === active + 1);
  const stageName = plantStages[active] ?? '';

  return (
    <div className={styles.stack}>
      <PageHeader
        title="Devices"
        subtitle="Every device of the plant by stage, with its mode, alarms and occupancy."
      />
      <NotLiveBanner places={devices.data} />
      <Card>
        <Tabs
          activeKey={String(active)}
          items={plantStages.map((stage, index) => ({ key: String(index), label: stage }))}
          onChange={(key) => setSearchParams({ t: key })}
        />
        {devices.isError ? (
          <Result
            status="warning"
            title={errorMessage(devices.error)}
            extra={
              <Button onClick={() => void devices.refetch()} loading={devices.isFetching}>
                Try again
              </Button>
            }
          />
        ) : (
          <DeviceGrid devices={stageDevices} stageName={stageName} onOpen={setOpened} />
        )}
      </Card>
      <DeviceDetailDrawer code={opened} onClose={() => setOpened(undefined)} />
    </div>
  );
}
