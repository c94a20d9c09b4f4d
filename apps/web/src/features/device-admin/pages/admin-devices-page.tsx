import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function AdminDevicesPage() {
  return (
    <PlannedScreen
      title="Device Management"
      emptyTitle="No Device Found"
      description="Every device of the plant, with its stage, type, PLC commands and capacity, will appear here for editing."
    />
  );
}
