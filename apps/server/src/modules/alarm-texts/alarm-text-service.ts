import type { AlarmText } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { DeviceDirectory } from '../devices/device-directory.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { AlarmTextRepository, AlarmTextRow } from './alarm-text-repository.ts';

const present = (r: AlarmTextRow): AlarmText => ({ id: r.id, index: r.index, message: r.message });
const duplicate = (index: number) =>
  conflict(`Alarm ID ${index} already has a text on this device.`);

/** Every alarm text by device ref, then alarm code. */
export type AlarmTexts = ReadonlyMap<number, ReadonlyMap<number, string>>;

export class AlarmTextService {
  readonly #repo: AlarmTextRepository;
  readonly #devices: DeviceDirectory;
  readonly #notifications: NotificationService;
  /**
   * Every text in memory, read once: the device screens name each active alarm on every
   * request. Each change here reads them again. Texts of a deleted device stay until then, but
   * device refs are never reused, so no one asks for them.
   */
  readonly #texts: CachedValue<AlarmTexts>;

  constructor(
    repo: AlarmTextRepository,
    devices: DeviceDirectory,
    notifications: NotificationService,
  ) {
    this.#repo = repo;
    this.#devices = devices;
    this.#notifications = notifications;
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

  async list(deviceCode: string): Promise<AlarmText[]> {
    const device = await this.#devices.require(deviceCode);
    return (await this.#repo.list(device.id)).map(present);
  }

  async create(deviceCode: string, index: number, message: string): Promise<AlarmText> {
    const device = await this.#devices.require(deviceCode);
    try {
      return present(await this.#repo.insert({ deviceId: device.id, index, message }));
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(index);
      throw error;
    } finally {
      this.#texts.invalidate();
    }
  }

  async update(id: number, index: number, message: string): Promise<AlarmText> {
    try {
      const row = await this.#repo.update(id, { index, message });
      if (!row) throw notFound('Alarm text not found.');
      return present(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(index);
      throw error;
    } finally {
      this.#texts.invalidate();
    }
  }

  async delete(id: number): Promise<void> {
    const deleted = await this.#repo.delete(id);
    this.#texts.invalidate();
    if (!deleted) throw notFound('Alarm text not found.');
  }

  /** Overwrites every alarm text of the target device with the source device's. */
  async import(fromCode: string, toCode: string): Promise<number> {
    const [from, to] = await Promise.all([
      this.#devices.require(fromCode),
      this.#devices.require(toCode),
    ]);
    try {
      return await this.#repo.replaceAll(from.id, to.id);
    } finally {
      this.#texts.invalidate();
    }
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
