import { useSearchParams } from 'react-router';
import Tabs from 'antd/es/tabs';
import { PlannedScreen } from '../../../components/planned-screen.tsx';
import { reportTabs, type ReportTab } from '../../../config/paths.ts';

const reportLabels: Record<ReportTab, string> = {
  summary: 'Summary',
  oee: 'OEE',
  production: 'Production',
  'cleaner-waste': 'Cleaner Waste',
  'shrinkage-weight': 'Shrinkage Weight',
  'packing-report': 'Packing Report',
  other: 'Other',
};

function isReportTab(value: string | null): value is ReportTab {
  return reportTabs.some((tab) => tab === value);
}

/** The reports; the query t selects the tab so a report can be linked to directly. */
export function ReportsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('t');
  const active: ReportTab = isReportTab(requested) ? requested : 'summary';

  return (
    <PlannedScreen
      title="Reports"
      description={`The ${reportLabels[active]} report, computed from the plant's bean ledger, will appear here.`}
      toolbar={
        <Tabs
          activeKey={active}
          items={reportTabs.map((tab) => ({ key: tab, label: reportLabels[tab] }))}
          onChange={(key) => setSearchParams({ t: key })}
        />
      }
    />
  );
}
