import type { RegisterStore, StoreTag } from './register-store.ts';

export interface AddressRange {
  first: number;
  last: number;
}

/** Where one device's tags sit: the summary an engineer checks a PLC program against. */
export interface AddressBlock {
  device_id: string;
  device_name: string;
  coils?: AddressRange;
  registers?: AddressRange;
  tags: number;
}

function rangeOf(tags: readonly StoreTag[]): AddressRange | undefined {
  if (tags.length === 0) return undefined;
  return {
    first: Math.min(...tags.map((tag) => tag.address)),
    last: Math.max(...tags.map((tag) => tag.address + tag.width - 1)),
  };
}

export function addressBlocks(store: RegisterStore): AddressBlock[] {
  return store.plant.devices.flatMap((device) => {
    const tags = store.tagsOf(device.device_id);
    if (tags.length === 0) return [];
    const coils = rangeOf(tags.filter((tag) => tag.area === 'coil'));
    const registers = rangeOf(tags.filter((tag) => tag.area === 'holding'));
    return [
      {
        device_id: device.device_id,
        device_name: device.device_name,
        ...(coils ? { coils } : {}),
        ...(registers ? { registers } : {}),
        tags: tags.length,
      },
    ];
  });
}

/** A plain-text table of the address map, one device a line. */
export function formatAddressMap(store: RegisterStore): string {
  const show = (range?: AddressRange) => (range ? `${range.first}-${range.last}` : '-');
  const rows = addressBlocks(store).map((block) => [
    block.device_id,
    block.device_name,
    show(block.coils),
    show(block.registers),
    String(block.tags),
  ]);
  const header = ['device', 'name', 'coils', 'holding registers', 'tags'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    ...rows.map(line),
    `unit id ${store.plant.unitId}; ${store.coilCount} coils (0-${store.coilCount - 1}), ` +
      `${store.registerCount} holding registers (0-${store.registerCount - 1})`,
  ].join('\n');
}
