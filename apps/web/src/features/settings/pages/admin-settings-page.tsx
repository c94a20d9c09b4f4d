import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function AdminSettingsPage() {
  return (
    <PlannedScreen
      title="Settings"
      description="The plant's settings, such as how orders start and how dumps are made, will appear here."
    />
  );
}
