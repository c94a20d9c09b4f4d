import { PlannedScreen } from '../../../components/planned-screen.tsx';

export function FlowsPage() {
  return (
    <PlannedScreen
      title="Workflows"
      emptyTitle="No system flow found. Please add a workflow."
      description="The plant's workflows, filterable by roasting, moving, packing and dumping, will appear here."
    />
  );
}
