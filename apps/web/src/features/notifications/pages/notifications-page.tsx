import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function NotificationsPage() {
  return (
    <PlannedScreen
      title="Notifications"
      description="Alarms, warnings and other notifications from the plant will appear here for acknowledgement."
    />
  );
}
