import { DeviceDetailPanel } from '../../features/devices/components/device-detail-panel.tsx';
import { NotificationsPage } from '../../features/notifications/pages/notifications-page.tsx';

/** The notifications screen, whose drawer shows a device's detail from the devices feature. */
export function NotificationsRoute() {
  return <NotificationsPage DeviceDetail={DeviceDetailPanel} />;
}
