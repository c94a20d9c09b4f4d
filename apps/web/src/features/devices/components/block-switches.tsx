import Switch from 'antd/es/switch';
import type { DeviceBlock } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetDeviceBlock } from '../api/set-device-block.ts';
import { CommandItem, CommandList, commandStyles } from './command-item.tsx';

function BlockSwitch({ deviceCode, block }: { deviceCode: string; block: DeviceBlock }) {
  const { notification } = useFeedback();
  const mutation = useSetDeviceBlock();
  return (
    <CommandItem name={block.label} switching={false}>
      <Switch
        className={commandStyles.bigSwitch}
        checked={block.value === 1}
        checkedChildren="YES"
        unCheckedChildren="NO"
        loading={mutation.isPending}
        aria-label={block.label}
        onChange={(checked) =>
          mutation.mutate(
            { deviceCode, blockId: block.id, value: checked ? 1 : 0 },
            {
              onError: (error) =>
                notification.error({ title: 'Error', description: errorMessage(error) }),
            },
          )
        }
      />
    </CommandItem>
  );
}

interface BlockSwitchesProps {
  deviceCode: string;
  blocks: DeviceBlock[];
}

/** The device's yes/no blocks (such as blocking intake), kept by the console, not the PLC. */
export function BlockSwitches({ deviceCode, blocks }: BlockSwitchesProps) {
  if (blocks.length === 0) return null;
  return (
    <CommandList view="list" label="Blocks">
      {blocks.map((block) => (
        <BlockSwitch key={block.id} deviceCode={deviceCode} block={block} />
      ))}
    </CommandList>
  );
}
