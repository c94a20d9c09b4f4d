import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import type { DeviceSummary } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DeviceCard } from './device-card.tsx';
import styles from './device-grid.module.css';

const SKELETON_CARDS = 6;

interface DeviceGridProps {
  devices: DeviceSummary[] | undefined;
  stageName: string;
  onOpen: (code: string) => void;
}

/** The cards of one stage; skeleton cards while the list loads. */
export function DeviceGrid({ devices, stageName, onOpen }: DeviceGridProps) {
  if (!devices) {
    return (
      <div className={styles.grid} aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Card key={index}>
            <Skeleton active avatar paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (devices.length === 0) {
    return (
      <EmptyState
        title="No Device Found"
        description={`The ${stageName} stage has no devices. Administrators add them under Device Management.`}
      />
    );
  }
  return (
    <div className={styles.grid}>
      {devices.map((device) => (
        <DeviceCard key={device.device_id} device={device} onOpen={onOpen} />
      ))}
    </div>
  );
}
