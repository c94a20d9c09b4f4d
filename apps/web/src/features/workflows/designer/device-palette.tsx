import type { DragEvent, KeyboardEvent } from 'react';
import Typography from 'antd/es/typography';
import { CheckOutlined } from '@ant-design/icons';
import type { DeviceSummary } from '@roastery/contract';
import styles from './flow-designer.module.css';

/** The drag payload: a device code, under a type no other drop target accepts. */
export const DEVICE_DRAG_TYPE = 'application/x-roastery-device';

interface DevicePaletteProps {
  devices: DeviceSummary[];
  /** Codes of the devices already on the canvas: a device appears once per workflow. */
  placed: ReadonlySet<string>;
  /** Adds a device without dragging, for the keyboard. */
  onAdd: (device: DeviceSummary) => void;
}

interface StageGroup {
  stage: number;
  name: string;
  devices: DeviceSummary[];
}

function byStage(devices: DeviceSummary[]): StageGroup[] {
  const groups = new Map<number, StageGroup>();
  for (const device of devices) {
    const group = groups.get(device.device_stage) ?? {
      stage: device.device_stage,
      name: device.stage_name,
      devices: [],
    };
    group.devices.push(device);
    groups.set(device.device_stage, group);
  }
  return [...groups.values()].sort((a, b) => a.stage - b.stage);
}

/** The designer's toolbar: the plant's devices by stage, dragged onto the canvas. */
export function DevicePalette({ devices, placed, onAdd }: DevicePaletteProps) {
  const onDragStart = (event: DragEvent, device: DeviceSummary) => {
    event.dataTransfer.setData(DEVICE_DRAG_TYPE, device.device_id);
    event.dataTransfer.effectAllowed = 'move';
  };
  const onKeyDown = (event: KeyboardEvent, device: DeviceSummary) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onAdd(device);
  };

  return (
    <aside className={styles.palette} aria-label="Devices">
      <Typography.Text type="secondary" className={styles.paletteHint}>
        Drag a device onto the canvas, or focus it and press Enter.
      </Typography.Text>
      {byStage(devices).map((group) => (
        <section key={group.stage} className={styles.stage}>
          <Typography.Text strong className={styles.stageName}>
            {group.name}
          </Typography.Text>
          <ul className={styles.deviceList}>
            {group.devices.map((device) => {
              const isPlaced = placed.has(device.device_id);
              return (
                <li key={device.device_id}>
                  <div
                    role="button"
                    tabIndex={isPlaced ? -1 : 0}
                    aria-disabled={isPlaced}
                    aria-label={`${device.device_name} (${device.device_id})`}
                    draggable={!isPlaced}
                    className={
                      isPlaced ? `${styles.paletteItem} ${styles.placed}` : styles.paletteItem
                    }
                    onDragStart={(event) => onDragStart(event, device)}
                    onKeyDown={(event) => (isPlaced ? undefined : onKeyDown(event, device))}
                  >
                    <span className={styles.paletteCode}>{device.device_id}</span>
                    <span className={styles.paletteName}>{device.device_name}</span>
                    {isPlaced ? <CheckOutlined aria-label="On the canvas" /> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </aside>
  );
}
