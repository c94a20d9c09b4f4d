import Select, { type SelectProps } from 'antd/es/select';
import { useDeviceList } from '../../../lib/get-device-list.ts';

type DeviceSelectProps = Omit<SelectProps<string>, 'options' | 'showSearch' | 'loading'>;

/** A searchable list of the plant's devices by name and code; the value is the code. */
export function DeviceSelect(props: DeviceSelectProps) {
  const devices = useDeviceList();
  return (
    <Select<string>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={devices.isPending}
      options={devices.data?.map((device) => ({
        value: device.device_id,
        label: `${device.device_name} (${device.device_id})`,
      }))}
    />
  );
}
