import type { TriggerWhen } from '@roastery/contract';

export const triggerWhenLabels: Record<TriggerWhen, string> = {
  parent_finished: 'A parent workflow finishes',
  order_started: 'An order starts',
  dump_acknowledged: 'A dump request is acknowledged',
  batch_finished: 'A batch finishes',
};
