import Tabs from 'antd/es/tabs';
import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function LogsPage() {
  return (
    <PlannedScreen
      title="Logs"
      emptyTitle="No Events Found"
      description="Device events and every command written to the PLCs, with filters and export, will appear here."
      toolbar={<Tabs items={[{ key: 'events', label: 'Events' }]} />}
    />
  );
}
