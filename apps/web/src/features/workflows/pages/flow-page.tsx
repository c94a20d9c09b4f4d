import { useParams } from 'react-router';
import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function FlowPage() {
  const { id } = useParams();
  return (
    <PlannedScreen
      title={`Workflow ${id ?? ''}`}
      description="This workflow's diagram of devices and the rules between them will appear here."
    />
  );
}
