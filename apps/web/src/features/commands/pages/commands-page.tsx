import { useSearchParams } from 'react-router';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCommandList } from '../../../lib/get-command-list.ts';
import { useDeviceTypeCommands } from '../api/get-device-type-commands.ts';
import { AllCommands } from '../components/all-commands.tsx';
import { DeviceTypesTable } from '../components/device-types-table.tsx';

/** The query t holds the tab: 1 selects Device Type & Commands, anything else All Commands. */
const TYPES_TAB = '1';

export function CommandsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = searchParams.get('t') === TYPES_TAB ? TYPES_TAB : '0';
  const commands = useCommandList();
  const types = useDeviceTypeCommands();

  const failed = commands.error ?? (active === TYPES_TAB ? types.error : null);
  const retry = () => {
    void commands.refetch();
    void types.refetch();
  };

  const content = () => {
    if (failed) {
      return (
        <LoadError
          error={failed}
          retrying={commands.isFetching || types.isFetching}
          onRetry={retry}
        />
      );
    }
    if (!commands.data) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
    if (active !== TYPES_TAB) return <AllCommands commands={commands.data} />;
    if (!types.data) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
    return <DeviceTypesTable types={types.data} commands={commands.data} />;
  };

  return (
    <>
      <PageHeader
        title="Commands"
        subtitle="The PLC commands of the plant and which device types offer them."
      />
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setSearchParams(key === TYPES_TAB ? { t: key } : {})}
          items={[
            { key: '0', label: 'All Commands' },
            { key: TYPES_TAB, label: 'Device Type & Commands' },
          ]}
        />
        {content()}
      </Card>
    </>
  );
}
