import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import type { DeviceCommand } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useToggleCommand } from '../api/toggle-command.ts';
import { UNKNOWN_VALUE } from '../lib/format-value.ts';
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
    <CommandItem
      name={command.name}
      switching={(!command.isSame && command.quality !== 'offline') || mutation.isPending}
    >
      {command.value === null ? (
        // Off is a value: a switch drawn off would claim one the PLC has not reported.
        <Tag color="default">{UNKNOWN_VALUE}</Tag>
      ) : (
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
      )}
    </CommandItem>
  );
}
