import type { DeviceCommand } from '@roastery/contract';
import { LiveValue } from '../../../components/live-value.tsx';
import { formatCommandValue, UNKNOWN_VALUE } from '../lib/format-value.ts';
import { CommandItem, commandStyles } from './command-item.tsx';

/** A PLC coil as a lamp: on or off, as the PLC reports it. */
export function PlcBinaryFeedback({ command }: { command: DeviceCommand }) {
  const on = command.value === 1;
  return (
    <CommandItem name={command.name} switching={false}>
      <LiveValue quality={command.quality}>
        <span className={commandStyles.light}>
          <span
            className={`${commandStyles.lamp} ${on && command.quality === 'good' ? commandStyles.lampOn : ''}`}
            aria-hidden="true"
          />
          {command.value === null ? UNKNOWN_VALUE : on ? 'On' : 'Off'}
        </span>
      </LiveValue>
    </CommandItem>
  );
}

/** A PLC register: a measured value with its unit. */
export function PlcInputFeedback({ command }: { command: DeviceCommand }) {
  return (
    <CommandItem name={command.name} switching={false}>
      <LiveValue quality={command.quality}>
        <span className={commandStyles.value}>{formatCommandValue(command)}</span>
      </LiveValue>
    </CommandItem>
  );
}
