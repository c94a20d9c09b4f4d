import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function AddDevicePage() {
  return (
    <PlannedScreen
      title="Add Device"
      description="The form to add a device, with its stage, type, unit and capacity, will appear here."
    />
  );
}
