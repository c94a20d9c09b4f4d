import ConfigProvider from 'antd/es/config-provider';
import { PageHeader } from '../../../components/page-header.tsx';
import { DumpWorkspace } from '../components/dump-workspace.tsx';
import { RoasterDumpPopup } from '../components/roaster-dump-popup.tsx';

/** The operator's home: the dump workflow, sized for a touch screen on the plant floor. */
export function OperatorDumpPage() {
  return (
    <ConfigProvider componentSize="large">
      <PageHeader
        title="Dump Requests"
        subtitle="Request a dump, tip the bags at the station, then acknowledge it."
      />
      <DumpWorkspace touch />
      <RoasterDumpPopup />
    </ConfigProvider>
  );
}
