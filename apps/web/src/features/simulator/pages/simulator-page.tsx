import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSimulator } from '../api/get-simulator.ts';
import { SimulatedDevice } from '../components/simulated-device.tsx';

/** /alarm/sim: try alarms and PLC values on the simulated plant (administrators). */
export function SimulatorPage() {
  const simulator = useSimulator();
  const [chosen, setChosen] = useState<string>();

  if (simulator.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (simulator.isError) {
    return (
      <Result
        status="warning"
        title={errorMessage(simulator.error)}
        extra={
          <Button onClick={() => void simulator.refetch()} loading={simulator.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!simulator.data.running) {
    return (
      <Result
        status="info"
        title="The plant simulator is not running"
        subTitle="The console is connected to a real PLC, so alarms and values cannot be simulated."
      />
    );
  }

  const devices = simulator.data.devices;
  const device = devices.find((item) => item.device_id === chosen) ?? devices[0];

  return (
    <>
      <PageHeader
        title="Alarm Simulator"
        subtitle={`The simulated PLC on port ${simulator.data.port ?? '-'}: inject alarms and change values as the plant would.`}
        actions={
          <Select
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 260 }}
            value={device?.device_id}
            onChange={setChosen}
            aria-label="Device"
            options={devices.map((item) => ({
              value: item.device_id,
              label: `${item.device_name} (${item.device_id})`,
            }))}
          />
        }
      />
      <Card title={device ? `${device.device_name} (${device.device_id})` : 'No device'}>
        {device ? <SimulatedDevice key={device.device_id} device={device} /> : null}
      </Card>
    </>
  );
}
