import { createContext, useContext } from 'react';
import type { DeviceSummary } from '@roastery/contract';

/**
 * The live state of the plant's devices by code. Nodes read it here rather than from their
 * data, so a poll refreshes the canvas without touching what the person has drawn.
 */
export const DesignerDevicesContext = createContext<ReadonlyMap<string, DeviceSummary>>(new Map());

export function useDesignerDevice(code: string): DeviceSummary | undefined {
  return useContext(DesignerDevicesContext).get(code);
}
