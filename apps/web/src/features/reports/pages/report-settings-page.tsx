import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function ReportSettingsPage() {
  return (
    <PlannedScreen
      title="Report Settings"
      description="The reports offered to supervisors and their sources will appear here."
    />
  );
}
