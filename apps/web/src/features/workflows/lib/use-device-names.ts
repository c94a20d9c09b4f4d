import { useMemo } from 'react';
import { useDeviceList } from '../../../lib/get-device-list.ts';

/** Names a device by its code, from the plant's device list; the code itself until it loads. */
export function useDeviceNames(): (code: string) => string {
  const devices = useDeviceList();
  return useMemo(() => {
    const names = new Map(devices.data?.map((d) => [d.device_id, d.device_name]));
    return (code) => names.get(code) ?? code;
  }, [devices.data]);
}
