import Select from 'antd/es/select';
import { NO_DATA } from '../../../components/empty-state.tsx';
import { useDeviceList } from '../../../lib/get-device-list.ts';

interface DeviceSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** A device that may not be chosen, such as the one being imported into. */
  exclude?: string;
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
}

/** The plant's devices by code and name, as a form control. */
export function DeviceSelect({ exclude, placeholder, ...props }: DeviceSelectProps) {
  const devices = useDeviceList();
  return (
    <Select<string>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={devices.isPending}
      placeholder={placeholder ?? 'Select a device'}
      notFoundContent={devices.isError ? 'Devices could not be loaded' : NO_DATA}
      options={(devices.data ?? [])
        .filter((device) => device.device_id !== exclude)
        .map((device) => ({
          value: device.device_id,
          label: `${device.device_id} · ${device.device_name}`,
        }))}
    />
  );
}
