import { useState } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import {
  enteredTemperatureF,
  historianTagKeyOf,
  plantUnitOf,
  toUnit,
  type DeviceCommand,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LiveValue } from '../../../components/live-value.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useSendDeviceEvent } from '../api/send-device-event.ts';
import { formatCommandValue } from '../lib/format-value.ts';
import { CommandItem, commandStyles } from './command-item.tsx';

interface InputCommandControlProps {
  deviceCode: string;
  command: DeviceCommand;
  /** Since when the device's values are not live. */
  since: string | null;
  /** Manual mode, confirmed by the PLC; speeds are editable in Auto too. */
  enabled: boolean;
}

/**
 * An app register (a set-point, a speed): its value and a field to send a new one, a temperature
 * in the plant's unit (the register takes °F).
 */
export function InputCommandControl({
  deviceCode,
  command,
  since,
  enabled,
}: InputCommandControlProps) {
  const { message, notification } = useFeedback();
  const mutation = useSendDeviceEvent();
  const [draft, setDraft] = useState<number | null>(null);
  const editable = (enabled || command.isSpeed) && command.quality === 'good';
  const unit = useTemperatureUnit();
  const temperature = command.unit === '°F';
  const current =
    command.value === null || !temperature
      ? command.value
      : Math.round(toUnit(command.value, unit) * 10) / 10;

  const send = () => {
    if (draft === null) return;
    const value = temperature ? enteredTemperatureF(draft, unit) : draft;
    mutation.mutate(
      { deviceCode, commandId: command.id, value },
      {
        onSuccess: (reply) => {
          setDraft(null);
          void message.success(reply.message);
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  return (
    <CommandItem
      name={command.name}
      tag={historianTagKeyOf({ device_id: deviceCode, kind: 'input', command_id: command.id })}
      switching={(!command.isSame && command.quality !== 'offline') || mutation.isPending}
    >
      <LiveValue quality={command.quality} since={since} compact>
        {command.value === null ? undefined : (
          <span className={commandStyles.value}>{formatCommandValue(command, unit)}</span>
        )}
      </LiveValue>
      <InputNumber<number>
        size="large"
        value={draft}
        placeholder={current === null ? undefined : String(current)}
        disabled={!editable}
        suffix={plantUnitOf(command.unit, unit) || undefined}
        aria-label={`New ${command.name}`}
        onChange={setDraft}
        onPressEnter={send}
        style={{ width: 150 }}
      />
      <Button
        size="large"
        disabled={!editable || draft === null}
        loading={mutation.isPending}
        onClick={send}
      >
        Set
      </Button>
    </CommandItem>
  );
}
