import { useParams } from 'react-router';
import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function FlowTestPage() {
  const { id } = useParams();
  return (
    <PlannedScreen
      title={`Test Workflow ${id ?? ''}`}
      description="A run of this workflow, its timeline and each step's value from the console and from the PLC, will appear here."
    />
  );
}
