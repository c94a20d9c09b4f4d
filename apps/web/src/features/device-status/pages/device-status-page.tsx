import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function DeviceStatusPage() {
  return (
    <PlannedScreen
      title="Device Status"
      description="Each device's connection to its PLC and its last reading will appear here."
    />
  );
}
