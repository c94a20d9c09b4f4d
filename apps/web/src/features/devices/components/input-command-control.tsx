import { useState } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import { historianTagKeyOf, type DeviceCommand } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LiveValue } from '../../../components/live-value.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
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

/** An app register (a set-point, a speed): its value and a field to send a new one. */
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

  const send = () => {
    if (draft === null) return;
    mutation.mutate(
      { deviceCode, commandId: command.id, value: draft },
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
          <span className={commandStyles.value}>{formatCommandValue(command)}</span>
        )}
      </LiveValue>
      <InputNumber<number>
        size="large"
        value={draft}
        placeholder={command.value === null ? undefined : String(command.value)}
        disabled={!editable}
        suffix={command.unit || undefined}
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
