import { useParams } from 'react-router';
import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function FlowSortPage() {
  const { id } = useParams();
  return (
    <PlannedScreen
      title={`Workflow ${id ?? ''} Step Order`}
      description="The steps of this workflow, in the order the engine runs them, will appear here."
    />
  );
}
