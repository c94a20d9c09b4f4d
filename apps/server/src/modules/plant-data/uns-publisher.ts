import type { PlantDataConfig } from '@roastery/contract';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { PlantEvent, PlantEventOf } from '../../plant/hub/plant-events.ts';
import type { MirroredValue } from '../../plant/runtime/value-mirror.ts';
import type { MqttLink } from './mqtt-link.ts';
import { eventTopic, TopicTree, type EventKind } from './topic-tree.ts';

/** Where a plant event goes in the tree; undefined for what is no plant event (sign-ins...). */
export function eventKindOf(event: PlantEvent): EventKind | undefined {
  switch (event.type) {
    case 'notification':
    case 'alarm-flood':
      return 'alarms';
    case 'run':
      return 'runs';
    case 'order':
      return event.change === 'batch' ? 'batches' : 'orders';
    case 'roast-record':
      return 'roast-records';
    case 'ledger':
    case 'dump':
    case 'transfer':
      return 'ledger';
    default:
      return undefined;
  }
}

export interface UnsPublisherDeps {
  config: Pick<PlantDataConfig, 'enterprise' | 'site'>;
  link: Pick<MqttLink, 'enqueue'>;
  catalog: () => PlantCatalog | undefined;
  clock: () => number;
}

/**
 * The JSON tree: each tag's last value retained at <enterprise>/<site>/<area>/<line>/<device>/
 * <tag>, and the plant's events under <enterprise>/<site>/events/<kind>, all QoS 1 through the
 * outbox.
 */
export class UnsPublisher {
  readonly #deps: UnsPublisherDeps;
  #tree: { catalog: PlantCatalog; tree: TopicTree } | undefined;

  constructor(deps: UnsPublisherDeps) {
    this.#deps = deps;
  }

  /** Every value read so far, so that the retained tree is whole from the start. */
  values(values: readonly MirroredValue[]): void {
    for (const value of values) this.value(value);
  }

  value(event: Omit<PlantEventOf<'value'>, 'type' | 'role'>): void {
    const topic = this.#topics()?.valueTopic(event.device_id, event.command_kind, event.command_id);
    if (!topic) return;
    const payload = {
      value: event.value,
      quality: event.quality,
      timestamp: new Date(this.#deps.clock()).toISOString(),
    };
    this.#deps.link.enqueue({ topic, payload: JSON.stringify(payload), retain: true });
  }

  event(event: PlantEvent): void {
    const kind = eventKindOf(event);
    if (!kind) return;
    const payload = { timestamp: new Date(this.#deps.clock()).toISOString(), ...event };
    this.#deps.link.enqueue({
      topic: eventTopic(this.#deps.config, kind),
      payload: JSON.stringify(payload),
      retain: false,
    });
  }

  /** The tree of the running address map: rebuilt when an administrator changed the map. */
  #topics(): TopicTree | undefined {
    const catalog = this.#deps.catalog();
    if (!catalog) return undefined;
    if (this.#tree?.catalog !== catalog) {
      this.#tree = { catalog, tree: new TopicTree(this.#deps.config, catalog) };
    }
    return this.#tree.tree;
  }
}
