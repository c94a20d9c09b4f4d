import { historianTagKeyOf, type HistorianTag } from '@roastery/contract';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import { deadbandOf } from './deadband.ts';
import type { TagRef } from './sample-filter.ts';

/** What the historian knows of a tag from the plant's address map. */
export function describeTag(catalog: PlantCatalog, ref: TagRef): HistorianTag | undefined {
  const device = catalog.device(ref.device_id);
  const command = catalog.command(ref.kind, ref.command_id);
  if (!device || !command) return undefined;
  const unit = command.unit ?? '';
  return {
    key: historianTagKeyOf(ref),
    device_id: device.device_id,
    device_name: device.device_name,
    label: command.label,
    unit,
    kind: ref.kind,
    command_id: ref.command_id,
    deadband: deadbandOf(ref.kind, unit),
  };
}

/** Every tag of the plant's address map, by device in the plant's order, then kind and id. */
export function listTags(catalog: PlantCatalog): HistorianTag[] {
  const order = new Map(catalog.definition.devices.map((d, i) => [d.device_id, i]));
  return catalog.definition.tags
    .map((t) =>
      describeTag(catalog, {
        device_id: t.device_id,
        kind: t.command_kind,
        command_id: t.command_id,
      }),
    )
    .filter((t) => t !== undefined)
    .sort(
      (a, b) =>
        (order.get(a.device_id) ?? 0) - (order.get(b.device_id) ?? 0) ||
        a.kind.localeCompare(b.kind) ||
        a.command_id - b.command_id,
    );
}

/** The deadband of a tag as the address map gives its unit; unknown tags store every change. */
export function deadbandIn(catalog: PlantCatalog | undefined, ref: TagRef): number {
  const command = catalog?.command(ref.kind, ref.command_id);
  return command ? deadbandOf(ref.kind, command.unit ?? '') : 0;
}
