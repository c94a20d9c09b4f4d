import type { FastifyBaseLogger } from 'fastify';
import type { PlantDataConfig, PlantDataStatus } from '@roastery/contract';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { MirroredValue } from '../../plant/runtime/value-mirror.ts';
import { MqttLink } from './mqtt-link.ts';
import { SparkplugNode, type SparkplugNodeDeps } from './sparkplug-node.ts';
import { UnsPublisher } from './uns-publisher.ts';

export interface PlantDataSessionDeps {
  config: PlantDataConfig;
  hub: EventHub;
  catalog: () => PlantCatalog | undefined;
  values: () => readonly MirroredValue[];
  clock: () => number;
  logger: FastifyBaseLogger;
  /** Writes a tag a Sparkplug DCMD asks for; absent, every DCMD is refused. */
  command?: SparkplugNodeDeps['command'];
}

/**
 * One configuration at work: the broker connection and what publishes through it, the JSON
 * tree and the Sparkplug node as the configuration asks. The hub's listeners only hand values
 * on; nothing here waits for the broker on the plant's paths.
 */
export class PlantDataSession {
  readonly #link: MqttLink;
  readonly #sparkplug: SparkplugNode | undefined;
  readonly #unsubscribe: () => void;

  constructor(deps: PlantDataSessionDeps) {
    const { config, hub, catalog, values, clock, logger, command } = deps;
    let sparkplug: SparkplugNode | undefined;
    this.#link = new MqttLink({
      config,
      logger,
      onConnect: () => sparkplug?.connected(),
      onClose: () => sparkplug?.closed(),
      onMessage: (topic, payload) => sparkplug?.message(topic, payload),
    });
    if (config.sparkplug_enabled) {
      sparkplug = new SparkplugNode({
        config,
        link: this.#link,
        catalog,
        values,
        clock,
        logger,
        command,
      });
      this.#link.setWill(sparkplug.death());
    }
    this.#sparkplug = sparkplug;
    const uns = config.json_enabled
      ? new UnsPublisher({ config, link: this.#link, catalog, clock })
      : undefined;
    // The retained tree starts whole: every value read so far waits in the outbox first.
    uns?.values(values());
    this.#unsubscribe = hub.subscribeAll((event) => {
      if (event.type === 'value') {
        uns?.value(event);
        sparkplug?.value(event);
      } else {
        uns?.event(event);
      }
    });
    this.#link.start();
  }

  async stop(): Promise<void> {
    this.#unsubscribe();
    await this.#link.stop(this.#sparkplug?.death());
  }

  status(): PlantDataStatus {
    return {
      ...this.#link.status(),
      bd_seq: this.#sparkplug?.bdSeq ?? null,
      refused_commands: this.#sparkplug?.refusedCommands ?? 0,
      written_commands: this.#sparkplug?.writtenCommands ?? 0,
    };
  }
}
