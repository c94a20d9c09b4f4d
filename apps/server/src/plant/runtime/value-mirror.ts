import type { ConnectionState, TagRef, TagValue } from '@roastery/plc';
import type { EventHub } from '../hub/event-hub.ts';
import type { PlantEventOf } from '../hub/plant-events.ts';

const keyOf = (ref: TagRef) => `${ref.device_id}|${ref.command_kind}|${ref.command_id}`;

/** One value as the leading instance reads it; the same fields as its `value` events. */
export type MirroredValue = Omit<PlantEventOf<'value'>, 'type' | 'role'>;

export interface MirroredLink {
  state: ConnectionState;
  error: string | null;
  /** While not connected: since when device values are not live (epoch ms); null if never. */
  since: number | null;
}

/**
 * The PLC values of an instance that does not drive the plant, as the leading instance reads
 * them: its `value`, `device-quality` and `connection` events on the hub, on top of a snapshot
 * asked for when this instance joins. The device screens of every instance show the same values.
 */
export class ValueMirror {
  readonly #values = new Map<string, { value: TagValue; isSame: boolean }>();
  #link: MirroredLink = { state: 'closed', error: null, since: null };

  constructor(hub: Pick<EventHub, 'subscribe'>) {
    const elsewhere = { from: 'other-instances' } as const;
    hub.subscribe('value', (e) => this.#set(e), elsewhere);
    hub.subscribe(
      'device-quality',
      (e) => {
        for (const entry of this.#values.values()) {
          if (entry.value.device_id === e.device_id) entry.value.quality = e.quality;
        }
      },
      elsewhere,
    );
    hub.subscribe(
      'connection',
      (e) => (this.#link = { state: e.state, error: e.error, since: e.since }),
      elsewhere,
    );
  }

  value(ref: TagRef): TagValue | undefined {
    return this.#values.get(keyOf(ref))?.value;
  }

  isSame(ref: TagRef): boolean {
    return this.#values.get(keyOf(ref))?.isSame ?? false;
  }

  link(): MirroredLink {
    return this.#link;
  }

  /** What the leader read so far; events received since are newer and kept. */
  load(values: readonly MirroredValue[], link: MirroredLink): void {
    for (const v of values) if (!this.#values.has(keyOf(v))) this.#set(v);
    if (this.#link.state === 'closed') this.#link = link;
  }

  #set(v: MirroredValue): void {
    this.#values.set(keyOf(v), {
      value: {
        device_id: v.device_id,
        command_kind: v.command_kind,
        command_id: v.command_id,
        value: v.value,
        quality: v.quality,
        updatedAt: v.quality === 'good' ? Date.now() : null,
      },
      isSame: v.isSame,
    });
  }
}
