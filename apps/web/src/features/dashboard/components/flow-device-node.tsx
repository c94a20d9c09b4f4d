import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { FlowDevice, WorkflowNode } from '@roastery/contract';
import { DevicePicture } from '../../../components/device-picture.tsx';
import { useLiveness } from '../../../lib/use-liveness.ts';
import { flowStateLooks } from '../lib/flow-states.ts';
import styles from './flow-device-node.module.css';

type Side = WorkflowNode['data']['targetPosition'];

/** A diagram node with the device it stands for (absent when the plant has no such device). */
export type FlowDeviceNodeData = WorkflowNode['data'] & { device: FlowDevice | undefined };
export type FlowDeviceNodeType = Node<FlowDeviceNodeData, WorkflowNode['type']>;

const positions: Record<Side, Position> = {
  top: Position.Top,
  bottom: Position.Bottom,
  left: Position.Left,
  right: Position.Right,
};

/** The designer's handle ids (t-1.., s-1..) so the edges' handles are found. */
function handles(kind: 'target' | 'source', side: Side, count: number) {
  return Array.from({ length: count }, (_unused, i) => {
    const offset = `${((i + 1) / (count + 1)) * 100}%`;
    return (
      <Handle
        key={i}
        type={kind}
        id={`${kind === 'target' ? 't' : 's'}-${i + 1}`}
        position={positions[side]}
        isConnectable={false}
        style={side === 'top' || side === 'bottom' ? { left: offset } : { top: offset }}
        className={styles.handle}
      />
    );
  });
}

/** A device of an order's flow: its picture, name and live state, which drives its animation. */
export const FlowDeviceNode = memo(function FlowDeviceNode({
  id,
  data,
}: NodeProps<FlowDeviceNodeType>) {
  const { device } = data;
  // The PLC link lost counts at once, before the diagram is refreshed.
  const liveness = useLiveness(device);
  const state = device && liveness.live ? device.state : 'offline';
  const look = flowStateLooks[state];
  const label = liveness.live ? look.label : liveness.label;
  return (
    <div
      className={`${styles.node} ${styles[state] ?? ''}`}
      style={{ borderColor: look.color }}
      data-testid={`flow-node-${id}`}
      data-state={state}
      title={`${device?.device_name ?? data.label} (${id}): ${liveness.live ? look.label : liveness.description}`}
    >
      {handles('target', data.targetPosition, data.targetCount)}
      <DevicePicture
        device={{
          image: data.device?.image ?? '',
          device_type_name: data.device?.device_type_name ?? '',
          device_name: data.device?.device_name ?? data.label,
        }}
        size={36}
      />
      <div className={styles.name}>{data.device?.device_name ?? data.label}</div>
      <div className={styles.state} style={{ color: look.color }}>
        <span className={styles.dot} style={{ background: look.color }} />
        {label}
      </div>
      {liveness.live || !liveness.sinceText ? null : (
        <div className={styles.since}>{liveness.sinceText}</div>
      )}
      {handles('source', data.sourcePosition, data.sourceCount)}
    </div>
  );
});

/** Defined once at module scope: React Flow re-mounts every node when this object changes. */
export const flowNodeTypes = { default: FlowDeviceNode, custom: FlowDeviceNode };
