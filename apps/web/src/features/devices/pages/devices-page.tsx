import { useSearchParams } from 'react-router';
import Tabs from 'antd/es/tabs';
import { PlannedScreen } from '../../../components/planned-screen.tsx';
import { plantStages } from '../../../config/plant-stages.ts';

function tabIndex(value: string | null): number {
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < plantStages.length ? index : 0;
}

/** Devices by stage; the query t holds the stage's tab index so links can open one directly. */
export function DevicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabIndex(searchParams.get('t'));

  return (
    <PlannedScreen
      title="Devices"
      emptyTitle="No Device Found"
      description={`The ${plantStages[active]} stage's devices, with their mode, state and occupancy, will appear here.`}
      toolbar={
        <Tabs
          activeKey={String(active)}
          items={plantStages.map((stage, index) => ({ key: String(index), label: stage }))}
          onChange={(key) => setSearchParams({ t: key })}
        />
      }
    />
  );
}
