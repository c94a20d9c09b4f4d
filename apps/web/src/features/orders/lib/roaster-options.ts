import type { OrderForm } from '@roastery/contract';

/**
 * The order form's Roaster choices: one per roasting workflow that drives a roaster, read by
 * its roaster, as the batches charge from their planned silos into the order's bin whatever
 * the workflow's name says. A roaster with several roasting workflows names each beside it.
 * A workflow that drives no roaster is no choice: the server refuses it.
 */
export function roasterOptions(rules: OrderForm['rules']): { value: number; label: string }[] {
  const onRoaster = rules.flatMap((rule) =>
    rule.roast_device_name === null ? [] : [{ rule, roaster: rule.roast_device_name }],
  );
  const workflows = new Map<string, number>();
  for (const { roaster } of onRoaster) workflows.set(roaster, (workflows.get(roaster) ?? 0) + 1);
  return onRoaster
    .map(({ rule, roaster }) => ({
      value: rule.rule_id,
      label: (workflows.get(roaster) ?? 0) > 1 ? `${roaster} (${rule.name})` : roaster,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
}
