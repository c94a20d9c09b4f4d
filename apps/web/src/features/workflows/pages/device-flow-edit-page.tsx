import { useParams } from 'react-router';
import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function DeviceFlowEditPage() {
  const { deviceId } = useParams();
  return (
    <PlannedScreen
      title={`Device ${deviceId ?? ''} Flow`}
      description="The workflows this device takes part in, and its steps in each, will appear here for editing."
    />
  );
}
