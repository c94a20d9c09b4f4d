import { historianTagKeyOf, type DeviceCommand } from '@roastery/contract';
import { LiveValue } from '../../../components/live-value.tsx';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { formatCommandValue } from '../lib/format-value.ts';
import { CommandItem, commandStyles } from './command-item.tsx';

interface PlcFeedbackProps {
  deviceCode: string;
  command: DeviceCommand;
  /** Since when the device's values are not live. */
  since: string | null;
}

/** A PLC coil as a lamp: on or off, as the PLC reports it. */
export function PlcBinaryFeedback({ deviceCode, command, since }: PlcFeedbackProps) {
  const on = command.value === 1;
  const tag = historianTagKeyOf({ device_id: deviceCode, kind: 'binary', command_id: command.id });
  return (
    <CommandItem name={command.name} switching={false} tag={tag}>
      <LiveValue quality={command.quality} since={since} compact>
        {command.value === null ? undefined : (
          <span className={commandStyles.light}>
            <span
              className={`${commandStyles.lamp} ${on && command.quality === 'good' ? commandStyles.lampOn : ''}`}
              aria-hidden="true"
            />
            {on ? 'On' : 'Off'}
          </span>
        )}
      </LiveValue>
    </CommandItem>
  );
}

/** A PLC register: a measured value with its unit. */
export function PlcInputFeedback({ deviceCode, command, since }: PlcFeedbackProps) {
  const tag = historianTagKeyOf({ device_id: deviceCode, kind: 'input', command_id: command.id });
  const unit = useTemperatureUnit();
  return (
    <CommandItem name={command.name} switching={false} tag={tag}>
      <LiveValue quality={command.quality} since={since} compact>
        {command.value === null ? undefined : (
          <span className={commandStyles.value}>{formatCommandValue(command, unit)}</span>
        )}
      </LiveValue>
    </CommandItem>
  );
}
