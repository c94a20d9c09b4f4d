import { useCallback, useState } from 'react';

export type DeviceView = 'list' | 'card';

/** The spec's key: the choice of list or card view outlives the visit. */
const STORAGE_KEY = 'device-view';

function readView(): DeviceView {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'card' ? 'card' : 'list';
  } catch {
    return 'list';
  }
}

/** The detail's list or card view, remembered in this browser. */
export function useDeviceView(): [DeviceView, (view: DeviceView) => void] {
  const [view, setView] = useState(readView);
  const choose = useCallback((next: DeviceView) => {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private browsing may refuse storage; the choice then lasts for this visit only.
    }
  }, []);
  return [view, choose];
}
