import Drawer from 'antd/es/drawer';
import { DeviceDetailPanel } from './device-detail-panel.tsx';

/** The spec's width for the device details drawer. */
const DRAWER_WIDTH = 850;

interface DeviceDetailDrawerProps {
  /** The device shown; the drawer is closed when there is none. */
  code: string | undefined;
  onClose: () => void;
}

export function DeviceDetailDrawer({ code, onClose }: DeviceDetailDrawerProps) {
  return (
    <Drawer
      title="Device details"
      open={code !== undefined}
      size={DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
    >
      {code ? <DeviceDetailPanel code={code} /> : null}
    </Drawer>
  );
}
