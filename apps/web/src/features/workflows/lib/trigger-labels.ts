import { triggerWhen, type TriggerWhen } from '@roastery/contract';

export const triggerWhenLabels: Record<TriggerWhen, string> = {
  parent_finished: 'A parent workflow finishes',
  order_started: 'An order starts',
  dump_acknowledged: 'A dump request is acknowledged',
  batch_finished: 'A batch finishes',
};

/** The list endpoint types `when` as a string; an unknown one is shown as it is. */
export function triggerWhenLabel(when: string): string {
  const known = triggerWhen.safeParse(when);
  return known.success ? triggerWhenLabels[known.data] : when;
}
