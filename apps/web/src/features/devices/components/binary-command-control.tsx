import Switch from 'antd/es/switch';
import { historianTagKeyOf, type DeviceCommand } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LiveValue } from '../../../components/live-value.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLiveness } from '../../../lib/use-liveness.ts';
import { useToggleCommand } from '../api/toggle-command.ts';
import { CommandItem, commandStyles } from './command-item.tsx';

interface BinaryCommandControlProps {
  deviceCode: string;
  command: DeviceCommand;
  /** Since when the device's values are not live. */
  since: string | null;
  /** Manual mode, confirmed by the PLC. */
  enabled: boolean;
}

/** An app coil (a gate, a motor) as a big on/off switch. */
export function BinaryCommandControl({
  deviceCode,
  command,
  since,
  enabled,
}: BinaryCommandControlProps) {
  const { notification } = useFeedback();
  const mutation = useToggleCommand();
  const live = useLiveness({ quality: command.quality, not_live_since: since }).live;
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
      tag={historianTagKeyOf({ device_id: deviceCode, kind: 'binary', command_id: command.id })}
      switching={(!command.isSame && command.quality !== 'offline') || mutation.isPending}
    >
      {!live || command.value === null ? (
        // A switch drawn on or off would claim a state the PLC does not report now.
        <LiveValue quality={command.quality} since={since} compact>
          {command.value === null ? undefined : on ? 'ON' : 'OFF'}
        </LiveValue>
      ) : (
        <Switch
          className={commandStyles.bigSwitch}
          checked={on}
          checkedChildren="ON"
          unCheckedChildren="OFF"
          disabled={!enabled}
          loading={mutation.isPending}
          aria-label={command.name}
          onChange={toggle}
        />
      )}
    </CommandItem>
  );
}
