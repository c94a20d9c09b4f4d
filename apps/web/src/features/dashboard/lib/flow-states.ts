import type { FlowDeviceState } from '@roastery/contract';

/** How the flow diagram names and colours each device state. */
export const flowStateLooks: Record<FlowDeviceState, { label: string; color: string }> = {
  running: { label: 'Running', color: '#3f8f4f' },
  waiting: { label: 'Waiting', color: '#d48806' },
  idle: { label: 'Idle', color: '#8c7b6e' },
  manual: { label: 'Manual', color: '#1f6fb5' },
  alarm: { label: 'Alarm', color: '#c2362b' },
  offline: { label: 'No PLC data', color: '#a39a92' },
};

/** Beans move out of a device while it runs: its outgoing edges are animated. */
export function isMoving(state: FlowDeviceState | undefined): boolean {
  return state === 'running';
}
