import type { AlarmText } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { DeviceDirectory } from '../devices/device-directory.ts';
import type { AlarmTexts } from '../devices/device-ports.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { AlarmTextRepository, AlarmTextRow } from './alarm-text-repository.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

const present = (r: AlarmTextRow): AlarmText => ({ id: r.id, index: r.index, message: r.message });
const duplicate = (index: number) =>
  conflict(`Alarm ID ${index} already has a text on this device.`);

export class AlarmTextService {
  readonly #repo: AlarmTextRepository;
  readonly #devices: DeviceDirectory;
  readonly #notifications: NotificationService;
  readonly #changed: ConfigChanged;
  /**
   * Every text in memory, read once: the device screens name each active alarm on every
   * request. Each change here reads them again. Texts of a deleted device stay until then, but
   * device refs are never reused, so no one asks for them.
   */
  readonly #texts: CachedValue<AlarmTexts>;
  /** After a committed change: forgets the texts here and on the other instances. */
  readonly #textsChanged: () => void;

  constructor(
    repo: AlarmTextRepository,
    devices: DeviceDirectory,
    notifications: NotificationService,
    changed: ConfigChanged,
    /** Other server instances keep the texts too: a change here tells them, and theirs us. */
    hub?: Pick<EventHub, 'publish' | 'subscribe'>,
  ) {
    this.#repo = repo;
    this.#changed = changed;
    this.#devices = devices;
    this.#notifications = notifications;
    this.#textsChanged = () => {
      this.#texts.invalidate();
      hub?.publish({ type: 'cache-changed', cache: 'alarm-texts' });
    };
    hub?.subscribe('cache-changed', (e) => e.cache === 'alarm-texts' && this.forget(), {
      from: 'other-instances',
    });
    this.#texts = new CachedValue(async () => {
      const rows = await repo.all();
      return new Map(
        [...Map.groupBy(rows, (r) => r.deviceId)].map(([ref, texts]) => [
          ref,
          new Map(texts.map((t) => [t.index, t.message])),
        ]),
      );
    });
  }

  /** The text an administrator gave a device's alarm code, if any. */
  async textFor(deviceRef: number, code: number): Promise<string | undefined> {
    return (await this.#texts.get()).get(deviceRef)?.get(code);
  }

  /** The texts of every device's alarm codes, by device ref then code. */
  texts(): AlarmTexts | Promise<AlarmTexts> {
    return this.#texts.get();
  }

  /** Forgets the texts here, for a change made elsewhere; the next use reads them again. */
  forget(): void {
    this.#texts.invalidate();
  }

  async list(deviceCode: string): Promise<AlarmText[]> {
    const device = await this.#devices.require(deviceCode);
    return (await this.#repo.list(device.id)).map(present);
  }

  async create(deviceCode: string, index: number, message: string, by: string): Promise<AlarmText> {
    const device = await this.#devices.require(deviceCode);
    try {
      const text = present(await this.#repo.insert({ deviceId: device.id, index, message }));
      this.#logChange(device.name, `alarm ${index} set to '${message}'`, by);
      return text;
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(index);
      throw error;
    } finally {
      this.#textsChanged();
    }
  }

  async update(id: number, index: number, message: string, by: string): Promise<AlarmText> {
    try {
      const row = await this.#repo.update(id, { index, message });
      if (!row) throw notFound('Alarm text not found.');
      this.#logChange(await this.#repo.deviceNameOf(id), `alarm ${index} set to '${message}'`, by);
      return present(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(index);
      throw error;
    } finally {
      this.#textsChanged();
    }
  }

  async delete(id: number, by: string): Promise<void> {
    const device = await this.#repo.deviceNameOf(id);
    const text = await this.#repo.findById(id);
    const deleted = await this.#repo.delete(id);
    this.#textsChanged();
    if (!deleted) throw notFound('Alarm text not found.');
    this.#logChange(device, `alarm ${text?.index ?? id} text deleted`, by);
  }

  /** Overwrites every alarm text of the target device with the source device's. */
  async import(fromCode: string, toCode: string, by: string): Promise<number> {
    const [from, to] = await Promise.all([
      this.#devices.require(fromCode),
      this.#devices.require(toCode),
    ]);
    try {
      const count = await this.#repo.replaceAll(from.id, to.id);
      this.#logChange(to.name, `${count} texts imported from '${from.name}'`, by);
      return count;
    } finally {
      this.#textsChanged();
    }
  }

  #logChange(device: string | undefined, action: string, by: string): void {
    this.#changed({ area: 'alarm-text', action, target: device ?? 'unknown device', by });
  }

  /** An operator's own alarm message for a device, raised as an alarm notification. */
  async sendMessage(deviceCode: string, message: string, by: string): Promise<void> {
    const device = await this.#devices.require(deviceCode);
    await this.#notifications.raise({
      type: 'alarm',
      text: `${device.name}: ${message}`,
      by,
      deviceRef: device.id,
    });
  }
}
