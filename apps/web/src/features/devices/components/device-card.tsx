import type { KeyboardEvent } from 'react';
import Card from 'antd/es/card';
import type { DeviceSummary } from '@roastery/contract';
import { LiveValue } from '../../../components/live-value.tsx';
import { useLiveness } from '../../../lib/use-liveness.ts';
import { formatAmount } from '../lib/format-value.ts';
import { DeviceBadges } from './device-badges.tsx';
import { DeviceFeatures } from './device-features.tsx';
import { DevicePicture } from '../../../components/device-picture.tsx';
import { OccupancyGauge } from './occupancy-gauge.tsx';
import { StatusLights } from './status-lights.tsx';
import styles from './device-card.module.css';

interface DeviceCardProps {
  device: DeviceSummary;
  onOpen: (code: string) => void;
}

/** One device on the devices screen; the whole card opens the device's detail. */
export function DeviceCard({ device, onOpen }: DeviceCardProps) {
  const live = useLiveness(device).live;
  const open = () => onOpen(device.device_id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  return (
    <Card
      className={`${styles.card} ${device.alarm ? styles.alarmed : ''}`}
      role="button"
      tabIndex={0}
      aria-label={`Open ${device.device_name}`}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <div className={styles.head}>
        <DevicePicture device={device} size={52} />
        <div className={styles.titles}>
          <h3 className={styles.name}>{device.device_name}</h3>
          <p className={styles.meta}>
            {device.device_id} · {device.device_type_name}
          </p>
          <div className={styles.badges}>
            <DeviceBadges device={device} />
          </div>
        </div>
      </div>
      <div className={styles.body}>
        {live ? null : (
          // The PLC's values of the card (mode, activity, lights, alarm) as last known, if at all.
          <LiveValue quality={device.quality} since={device.not_live_since}>
            {device.statuses.length > 0 ? <StatusLights statuses={device.statuses} /> : undefined}
          </LiveValue>
        )}
        {device.alarm ? <p className={styles.alarm}>{device.alarm}</p> : null}
        {device.capacity !== null ? (
          <div className={styles.occupancy}>
            <OccupancyGauge
              occupied={device.occupancy}
              capacity={device.capacity}
              unit={device.device_unit}
              size={84}
            />
            <p className={styles.occupancyText}>
              {formatAmount(device.occupancy, device.device_unit)}
              <br />
              of {formatAmount(device.capacity, device.device_unit)}
            </p>
          </div>
        ) : null}
        <DeviceFeatures features={device.device_features} />
        {live ? <StatusLights statuses={device.statuses} /> : null}
      </div>
    </Card>
  );
}
