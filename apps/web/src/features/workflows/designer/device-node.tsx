import { memo, useEffect } from 'react';
import { Handle, Position, useUpdateNodeInternals, type NodeProps } from '@xyflow/react';
import type { DeviceSummary } from '@roastery/contract';
import { useDesignerDevice } from './designer-devices-context.ts';
import {
  sourceHandleId,
  targetHandleId,
  widgetWidths,
  type DeviceFlowNode,
  type HandleSide,
} from './device-node-data.ts';
import styles from './device-node.module.css';

const positions: Record<HandleSide, Position> = {
  top: Position.Top,
  bottom: Position.Bottom,
  left: Position.Left,
  right: Position.Right,
};

/** Spreads count handles evenly along a side. */
function handleStyle(side: HandleSide, index: number, count: number) {
  const offset = `${(index / (count + 1)) * 100}%`;
  return side === 'top' || side === 'bottom' ? { left: offset } : { top: offset };
}

function handles(kind: 'target' | 'source', side: HandleSide, count: number) {
  return Array.from({ length: count }, (_unused, i) => {
    const index = i + 1;
    return (
      <Handle
        key={index}
        type={kind}
        id={kind === 'target' ? targetHandleId(index) : sourceHandleId(index)}
        position={positions[side]}
        style={handleStyle(side, index, count)}
        className={styles.handle}
      />
    );
  });
}

/** A mode the PLC does not report (null) is unknown, never Auto. */
function modeText(manual: boolean | null): string {
  return manual === null ? 'Mode unknown' : manual ? 'Manual' : 'Auto';
}

function liveSummary(device: DeviceSummary | undefined): string {
  if (!device) return 'Not in the plant';
  const parts = [modeText(device.manual)];
  if (device.quality !== 'good') parts.push(device.quality === 'stale' ? 'Stale' : 'No PLC data');
  if (device.alarm) parts.push(`Alarm: ${device.alarm}`);
  return parts.join(', ');
}

/** A device on the canvas: its name, code and live state, and its configured handles. */
export const DeviceNode = memo(function DeviceNode({
  id,
  data,
  selected,
}: NodeProps<DeviceFlowNode>) {
  const device = useDesignerDevice(id);
  const updateNodeInternals = useUpdateNodeInternals();
  // React Flow measures handles once; it must measure again when they move or change in number.
  useEffect(() => {
    updateNodeInternals(id);
  }, [
    id,
    data.class,
    data.targetCount,
    data.sourceCount,
    data.targetPosition,
    data.sourcePosition,
    updateNodeInternals,
  ]);
  const summary = liveSummary(device);
  const className = [
    styles.node,
    selected ? styles.selected : '',
    device?.alarm ? styles.alarmed : '',
    device && device.quality !== 'good' ? styles.notLive : '',
  ].join(' ');
  return (
    <div
      className={className}
      style={{ width: widgetWidths[data.class] }}
      title={`${data.label} (${id}): ${summary}`}
      data-testid={`node-${id}`}
    >
      {handles('target', data.targetPosition, data.targetCount)}
      <div className={styles.code}>
        <span
          className={styles.quality}
          data-quality={device?.quality ?? 'offline'}
          role="img"
          aria-label={`PLC data: ${device?.quality ?? 'offline'}`}
        />
        {id}
      </div>
      <div className={styles.label}>{data.label}</div>
      <div className={styles.state}>
        <span
          className={
            device?.manual ? styles.manual : device?.manual === null ? styles.unknown : styles.auto
          }
        >
          {device ? modeText(device.manual) : '—'}
        </span>
        {device?.alarm ? <span className={styles.alarm}>Alarm</span> : null}
      </div>
      {handles('source', data.sourcePosition, data.sourceCount)}
    </div>
  );
});
