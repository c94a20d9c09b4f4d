import Tag from 'antd/es/tag';
import type { CommandOwner } from '@roastery/contract';

/** Who writes the command: the console (app) or the PLC (plc, its feedback and readings). */
export function CommandOwnerTag({ owner }: { owner: CommandOwner }) {
  return (
    <Tag bordered={false} color={owner === 'app' ? 'orange' : 'blue'}>
      {owner === 'app' ? 'App' : 'PLC'}
    </Tag>
  );
}
