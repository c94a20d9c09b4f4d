import type { FlowDeviceState } from '@roastery/contract';

/** How the flow diagram names and colours each device state. */
export const flowStateLooks: Record<FlowDeviceState, { label: string; color: string }> = {
  running: { label: 'Running', color: '#2e7d3e' },
  waiting: { label: 'Waiting', color: '#945a00' },
  idle: { label: 'Idle', color: '#6b625c' },
  manual: { label: 'Manual', color: '#1f6fb5' },
  alarm: { label: 'Alarm', color: '#c2362b' },
  offline: { label: 'No PLC data', color: '#736a63' },
};

/** Beans move out of a device while it runs: its outgoing edges are animated. */
export function isMoving(state: FlowDeviceState | undefined): boolean {
  return state === 'running';
}
