import { useParams } from 'react-router';
import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function DeviceAlarmPage() {
  const { deviceId } = useParams();
  return (
    <PlannedScreen
      title={`Device ${deviceId ?? ''} Alarms`}
      description="The alarm conditions of this device and the notifications they raise will appear here."
    />
  );
}
