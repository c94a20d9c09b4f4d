import { useNavigate, useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import { AlertOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths, reportTabs, type ReportTab } from '../../../config/paths.ts';
import { CleanerWasteReport } from '../components/cleaner-waste-report.tsx';
import { OeeReport } from '../components/oee-report.tsx';
import { OtherReports } from '../components/other-reports.tsx';
import { PackingReport } from '../components/packing-report.tsx';
import { PeriodFilter } from '../components/period-filter.tsx';
import { ProductionReport } from '../components/production-report.tsx';
import { RoastConsistencyReport } from '../components/roast-consistency-report.tsx';
import { ShrinkageReport } from '../components/shrinkage-report.tsx';
import { SummaryReport } from '../components/summary-report.tsx';
import styles from '../components/reports.module.css';
import { periodFromSearch, periodToSearch, type Period } from '../lib/period.ts';

const reportLabels: Record<ReportTab, string> = {
  summary: 'Summary',
  oee: 'OEE',
  production: 'Production',
  'cleaner-waste': 'Cleaner Waste',
  'shrinkage-weight': 'Shrinkage Weight',
  'roast-consistency': 'Roast Consistency',
  'packing-report': 'Packing Report',
  other: 'Other',
};

function isReportTab(value: string | null): value is ReportTab {
  return reportTabs.some((tab) => tab === value);
}

function ReportOf({ tab, period }: { tab: ReportTab; period: Period }) {
  switch (tab) {
    case 'summary':
      return <SummaryReport period={period} />;
    case 'oee':
      return <OeeReport period={period} />;
    case 'production':
      return <ProductionReport period={period} />;
    case 'cleaner-waste':
      return <CleanerWasteReport period={period} />;
    case 'shrinkage-weight':
      return <ShrinkageReport period={period} />;
    case 'roast-consistency':
      return <RoastConsistencyReport period={period} />;
    case 'packing-report':
      return <PackingReport period={period} />;
    case 'other':
      return <OtherReports />;
  }
}

/**
 * The reports; the query t selects the tab and from/to the period (days, both inclusive), so a
 * report can be linked to directly.
 */
export function ReportsPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('t');
  const active: ReportTab = isReportTab(requested) ? requested : 'summary';
  const period = periodFromSearch(searchParams);
  const go = (tab: ReportTab, next: Period) => setSearchParams({ t: tab, ...periodToSearch(next) });

  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="Computed from the bean ledger, the orders, their batches and the roast records."
        actions={
          <Space wrap>
            <Button
              icon={<NodeIndexOutlined />}
              onClick={() => void navigate(paths.trace.getHref())}
            >
              Traceability & Recall
            </Button>
            <Button icon={<AlertOutlined />} onClick={() => void navigate(paths.recall.getHref())}>
              Mock recall
            </Button>
          </Space>
        }
      />
      <Tabs
        activeKey={active}
        items={reportTabs.map((tab) => ({ key: tab, label: reportLabels[tab] }))}
        onChange={(key) => {
          if (isReportTab(key)) go(key, period);
        }}
      />
      {active === 'other' ? null : (
        <div className={styles.toolbar}>
          <PeriodFilter period={period} onChange={(next) => go(active, next)} />
        </div>
      )}
      <ReportOf tab={active} period={period} />
    </>
  );
}
