import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function CommandsPage() {
  return (
    <PlannedScreen
      title="Commands"
      description="The PLC commands of each device, their tags and who writes them, will appear here."
    />
  );
}
