import { useMemo } from 'react';
import Select from 'antd/es/select';
import {
  HISTORIAN_MAX_TAGS,
  plantUnitOf,
  type HistorianTag,
  type TemperatureUnit,
} from '@roastery/contract';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useHistorianTags } from '../api/get-historian-tags.ts';

interface TagOption {
  value: string;
  label: string;
  /** What a search matches: the device's code and name, the tag's label and unit. */
  search: string;
}

interface DeviceGroup {
  label: string;
  title: string;
  options: TagOption[];
}

function groupByDevice(tags: readonly HistorianTag[], plantUnit: TemperatureUnit): DeviceGroup[] {
  const groups = new Map<string, DeviceGroup>();
  for (const tag of tags) {
    const title = `${tag.device_name} (${tag.device_id})`;
    const group = groups.get(tag.device_id) ?? { label: title, title, options: [] };
    groups.set(tag.device_id, group);
    const tagUnit = plantUnitOf(tag.unit, plantUnit);
    const unit = tagUnit ? ` (${tagUnit})` : '';
    group.options.push({
      value: tag.key,
      label: `${tag.device_id} ${tag.label}${unit}`,
      search: `${tag.device_id} ${tag.device_name} ${tag.label} ${tagUnit}`.toLowerCase(),
    });
  }
  return [...groups.values()];
}

/** Every word typed is somewhere in the tag's device or name: 'r1 bean' finds R1's. */
function matches(input: string, option: unknown): boolean {
  const search = (option as Partial<TagOption> | undefined)?.search;
  if (search === undefined) return false;
  return input
    .toLowerCase()
    .split(/\s+/)
    .every((word) => search.includes(word));
}

interface TagPickerProps {
  value: string[];
  onChange: (tags: string[]) => void;
}

/** The tags to draw: searched by device and name, grouped by device, as many as a query takes. */
export function TagPicker({ value, onChange }: TagPickerProps) {
  const tags = useHistorianTags();
  const unit = useTemperatureUnit();
  const options = useMemo(() => groupByDevice(tags.data ?? [], unit), [tags.data, unit]);
  return (
    <Select<string[]>
      mode="multiple"
      aria-label="Tags"
      placeholder={`Pick up to ${HISTORIAN_MAX_TAGS} tags, e.g. R1 Bean Temperature`}
      value={value}
      onChange={onChange}
      options={options}
      maxCount={HISTORIAN_MAX_TAGS}
      showSearch={{ filterOption: matches }}
      loading={tags.isPending}
      status={tags.isError ? 'error' : undefined}
      notFoundContent={tags.isError ? 'The tags could not be loaded.' : undefined}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
