import Switch from 'antd/es/switch';
import type { DeviceCommand } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useToggleCommand } from '../api/toggle-command.ts';
import { CommandItem, commandStyles } from './command-item.tsx';

interface BinaryCommandControlProps {
  deviceCode: string;
  command: DeviceCommand;
  /** Manual mode, confirmed by the PLC. */
  enabled: boolean;
}

/** An app coil (a gate, a motor) as a big on/off switch. */
export function BinaryCommandControl({ deviceCode, command, enabled }: BinaryCommandControlProps) {
  const { notification } = useFeedback();
  const mutation = useToggleCommand();
  const on = command.value === 1;
  const toggle = (checked: boolean) =>
    mutation.mutate(
      { deviceCode, commandId: command.id, value: checked ? 1 : 0 },
      {
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  return (
    <CommandItem name={command.name} switching={!command.isSame || mutation.isPending}>
      <Switch
        className={commandStyles.bigSwitch}
        checked={on}
        checkedChildren="ON"
        unCheckedChildren="OFF"
        disabled={!enabled || command.quality !== 'good'}
        loading={mutation.isPending}
        aria-label={command.name}
        onChange={toggle}
      />
    </CommandItem>
  );
}
