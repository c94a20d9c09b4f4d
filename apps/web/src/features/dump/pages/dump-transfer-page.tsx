import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function DumpTransferPage() {
  return (
    <PlannedScreen
      title="Dump"
      description="Dump requests into silos and roasters, with their lot numbers, amounts in lbs and status, will appear here."
    />
  );
}
