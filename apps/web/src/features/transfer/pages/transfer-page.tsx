import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function TransferPage() {
  return (
    <PlannedScreen
      title="Transfer"
      description="Bean transfers between bins, and their acknowledgements, will appear here."
    />
  );
}
