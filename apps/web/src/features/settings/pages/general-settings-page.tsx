import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function GeneralSettingsPage() {
  return (
    <PlannedScreen
      title="General Settings"
      description="Products, their recipes and the green beans they are roasted from will appear here."
    />
  );
}
