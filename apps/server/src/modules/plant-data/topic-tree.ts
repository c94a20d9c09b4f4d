import { stageNames, type CommandKind, type PlantDataConfig } from '@roastery/contract';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';

/** A name as one MQTT topic level: lower case, words joined by dashes, nothing MQTT reserves. */
export function topicSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? '_' : slug;
}

/** The plant's events as the topic tree names them, below <enterprise>/<site>/events/. */
export type EventKind = 'alarms' | 'runs' | 'batches' | 'roast-records' | 'orders' | 'ledger';

/** Where the plant's events of one kind go: <enterprise>/<site>/events/<kind>. */
export function eventTopic(config: Pick<PlantDataConfig, 'enterprise' | 'site'>, kind: EventKind) {
  return `${config.enterprise}/${config.site}/events/${kind}`;
}

const key = (device: string, kind: CommandKind, id: number) => `${device}\u0000${kind}\u0000${id}`;

/**
 * The ISA-95 tree of one address map: <enterprise>/<site>/<area>/<line>/<device>/<tag>, where
 * the area is the device's stage (green, roasting, roasted, packing), the line its device type
 * (green-silo, roaster, packer...), the device its plant code and the tag its command's label.
 */
export class TopicTree {
  readonly #topics = new Map<string, string>();

  constructor(config: Pick<PlantDataConfig, 'enterprise' | 'site'>, catalog: PlantCatalog) {
    const root = `${config.enterprise}/${config.site}`;
    const { definition } = catalog;
    const typeNames = new Map(definition.deviceTypes.map((t) => [t.id, t.name]));
    const taken = new Set<string>();
    for (const tag of definition.tags) {
      const device = catalog.device(tag.device_id);
      if (!device || device.virtual) continue;
      const area = topicSlug(stageNames[device.device_stage]);
      const line = topicSlug(typeNames.get(device.device_type) ?? `type-${device.device_type}`);
      const label = topicSlug(catalog.labelOf(tag.command_kind, tag.command_id));
      let topic = `${root}/${area}/${line}/${topicSlug(device.device_id)}/${label}`;
      // Two labels of one device that read alike keep apart by their command's kind and id.
      if (taken.has(topic)) topic = `${topic}-${tag.command_kind}-${tag.command_id}`;
      taken.add(topic);
      this.#topics.set(key(tag.device_id, tag.command_kind, tag.command_id), topic);
    }
  }

  /** The topic of a device's tag, or undefined for a tag the address map does not hold. */
  valueTopic(deviceId: string, kind: CommandKind, commandId: number): string | undefined {
    return this.#topics.get(key(deviceId, kind, commandId));
  }
}
