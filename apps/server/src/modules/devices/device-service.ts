import {
  CAPACITY_TYPE_IDS,
  Stage,
  stageNames,
  type CreateDeviceBody,
  type DeviceBlock,
  type DeviceCommand,
  type DeviceDetail,
  type DeviceSummary,
  type DeviceTagDto,
  type DeviceTagView,
  type PlantTag,
  type Quality,
  type StageId,
  type UpdateDeviceBody,
  type WriteReply,
} from '@roastery/contract';
import { encodeTag, TagMap, TagMapError, TagValueError, type TagRef } from '@roastery/plc';
import type { Database } from '@roastery/db';
import { conflict, notFound, unavailable, unprocessable } from '../../lib/http-errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { AlarmTexts, AlarmTextService } from '../alarm-texts/alarm-text-service.ts';
import type { DeviceStatusService, StatusLight } from '../device-statuses/device-status-service.ts';
import type { EventLogService } from '../events/event-log-service.ts';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { PlantRepository } from '../../plant/runtime/plant-repository.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import type { CommandService } from '../commands/command-service.ts';
import { deviceIn, type DeviceRecords } from './device-records.ts';
import type { DeviceRepository, DeviceRow, DeviceTagRow } from './device-repository.ts';
import { allocateTags } from './tag-allocation.ts';

export interface DeviceServiceDeps {
  db: Database;
  devices: DeviceRepository;
  /** The devices' stored records in memory; every write here invalidates them once committed. */
  records: DeviceRecords;
  commands: CommandService;
  statuses: DeviceStatusService;
  alarmTexts: AlarmTextService;
  runtime: PlantRuntime;
  eventLog: EventLogService;
  plant: PlantRepository;
  ledger: LedgerService;
  /** What else in the plant uses a device (workflows, orders), by its code. */
  usesOf: (code: string) => Promise<string[]>;
  hub: EventHub;
}

interface LiveCommand extends DeviceCommand {
  kind: 'binary' | 'input';
  owner: 'app' | 'plc';
}

interface DeviceState {
  commands: LiveCommand[];
  quality: Quality;
  /** Since when its values are not live (ISO); null while they are. */
  notLiveSince: string | null;
  /** Null while the PLC does not report the mode: unknown, not auto. */
  manual: boolean | null;
  requestedManual: boolean;
  isSwitched: boolean;
  /** The PLC's alarm code, 0 for none; its text is looked up apart, for many devices at once. */
  alarmCode: number;
}

const RANK: Record<Quality, number> = { good: 0, stale: 1, offline: 2 };
const PRIORITY = { high: 0, Normal: 1, low: 2 } as const;

function worst(qualities: Quality[]): Quality {
  return qualities.reduce<Quality>((w, q) => (RANK[q] > RANK[w] ? q : w), 'good');
}

/** The nameplate OEE measures a device against, as stored. */
type Nameplate = Pick<DeviceRow, 'batchCapacity' | 'idealCycleMinutes' | 'ratedLbsPerHour'>;

/**
 * The columns a create or update body sets; only types 8 and 13 keep a capacity, only a
 * Roasting-stage device a batch capacity and ideal cycle, only a Packing-stage one a rated rate.
 * A nameplate figure the body leaves out keeps what is stored (nothing on a new device).
 */
function deviceColumns(body: UpdateDeviceBody, stored?: Nameplate) {
  const roasting = body.device_stage === Stage.Roasting;
  const packing = body.device_stage === Stage.Packing;
  const kept = <T>(given: T | null | undefined, current: T | null | undefined) =>
    given === undefined ? (current ?? null) : given;
  return {
    name: body.device_name,
    description: body.device_description,
    typeId: body.device_type,
    stage: body.device_stage,
    unit: body.device_unit,
    image: body.image,
    features: body.device_features,
    capacity: CAPACITY_TYPE_IDS.includes(body.device_type) ? (body.capacity ?? null) : null,
    batchCapacity: roasting ? kept(body.batch_capacity, stored?.batchCapacity) : null,
    idealCycleMinutes: roasting ? kept(body.ideal_cycle_minutes, stored?.idealCycleMinutes) : null,
    ratedLbsPerHour: packing ? kept(body.rated_lbs_per_hour, stored?.ratedLbsPerHour) : null,
  };
}

function formatLbs(n: number): string {
  return `${n.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} lbs`;
}

/** Devices with their live state: the rules for modes, manual commands, occupancy and blocks. */
export class DeviceService {
  readonly #d: DeviceServiceDeps;

  constructor(deps: DeviceServiceDeps) {
    this.#d = deps;
  }

  #ref(device: DeviceRow, kind: 'binary' | 'input', commandId: number): TagRef {
    return { device_id: device.deviceId, command_kind: kind, command_id: commandId };
  }

  /** The id of a device's standard command, if the device has that command. */
  #standardId(role: CommandRole, tags: readonly DeviceTagRow[]): number | undefined {
    const command = this.#d.runtime.catalog()?.commandFor(role);
    return command && tags.some((t) => t.kind === command.kind && t.commandId === command.id)
      ? command.id
      : undefined;
  }

  /** The live picture of one device, from its tags and the gateway's cache. */
  #state(
    device: DeviceRow,
    tags: readonly DeviceTagRow[],
    requested: boolean | undefined,
  ): DeviceState {
    const { runtime } = this.#d;
    const values = tags.map((t) => runtime.value(this.#ref(device, t.kind, t.commandId)));
    const commands: LiveCommand[] = tags
      .map((t, index) => {
        const def = runtime.command(t.kind, t.commandId);
        const ref = this.#ref(device, t.kind, t.commandId);
        const live = values[index];
        const owner = def?.owner ?? 'plc';
        return {
          kind: t.kind,
          owner,
          id: t.commandId,
          name: def?.label ?? `${t.kind} ${t.commandId}`,
          value: live?.quality === 'offline' ? null : (live?.value ?? null),
          isSame: runtime.isSame(ref),
          isSpeed: def?.isSpeed ?? false,
          unit: def?.unit ?? '',
          quality: live?.quality ?? 'offline',
        };
      })
      .sort((a, b) => a.id - b.id);
    const quality: Quality = device.virtual
      ? 'good'
      : tags.length
        ? worst(commands.map((c) => c.quality))
        : 'offline';
    const modeId = this.#standardId('manual-mode-active', tags);
    const alarmId = this.#standardId('alarm-code', tags);
    const modeValue = commands.find((c) => c.kind === 'binary' && c.id === modeId)?.value;
    // A device without a mode feedback is never in manual mode; one whose feedback the PLC
    // does not report (null while offline) has an unknown mode.
    const manual = modeId === undefined ? false : modeValue == null ? null : modeValue === 1;
    const wanted = requested ?? manual ?? false;
    return {
      commands,
      quality,
      notLiveSince:
        quality === 'good' ? null : runtime.notLiveSince(tags.length ? values : [undefined]),
      manual,
      requestedManual: wanted,
      isSwitched: wanted === manual && quality === 'good',
      alarmCode: commands.find((c) => c.kind === 'input' && c.id === alarmId)?.value ?? 0,
    };
  }

  /** The text of the alarm a device reports, null for none. */
  #alarmOf(device: DeviceRow, state: DeviceState, texts: AlarmTexts): string | null {
    const code = state.alarmCode;
    if (code <= 0) return null;
    return texts.get(device.id)?.get(code) ?? `Alarm code ${code}`;
  }

  #summary(
    device: DeviceRow,
    state: DeviceState,
    alarm: string | null,
    statuses: readonly StatusLight[],
  ): DeviceSummary {
    const lights = statuses
      .filter((s) =>
        state.commands.some(
          (c) => c.kind === s.kind && c.id === s.commandId && c.value === s.commandValue,
        ),
      )
      .sort((a, b) => PRIORITY[a.priority] - PRIORITY[b.priority])
      .map((s) => ({ name: s.name, color: s.color }));
    return {
      d_id: device.id,
      device_id: device.deviceId,
      device_name: device.name,
      device_description: device.description,
      device_type: device.typeId,
      device_type_name: device.typeName,
      device_stage: device.stage,
      stage_name: stageNames[device.stage as StageId] ?? '',
      device_unit: device.unit,
      image: device.image,
      device_features: device.features,
      occupancy: device.occupancy,
      capacity: device.capacity,
      batch_capacity: device.batchCapacity,
      ideal_cycle_minutes: device.idealCycleMinutes,
      rated_lbs_per_hour: device.ratedLbsPerHour,
      manual: state.manual,
      isSwitched: state.isSwitched,
      alarm,
      alarmType: alarm ? 'alarm' : null,
      quality: state.quality,
      not_live_since: state.notLiveSince,
      statuses: lights,
    };
  }

  /** Every real device, from the records in memory and the gateway's values: no query. */
  async list(opts: { typeId?: number } = {}): Promise<DeviceSummary[]> {
    const records = await this.#d.records.get();
    const statuses = await this.#d.statuses.lights();
    const texts = await this.#d.alarmTexts.texts();
    const summaries: DeviceSummary[] = [];
    for (const device of records.devices) {
      if (device.virtual || (opts.typeId !== undefined && device.typeId !== opts.typeId)) continue;
      const tags = records.tags.get(device.id) ?? [];
      const state = this.#state(device, tags, records.requestedModes.get(device.id));
      summaries.push(this.#summary(device, state, this.#alarmOf(device, state, texts), statuses));
    }
    return summaries;
  }

  /** Silos and bins: the devices that carry a capacity. */
  async bins(): Promise<DeviceSummary[]> {
    return (await this.list()).filter((d) => CAPACITY_TYPE_IDS.includes(d.device_type));
  }

  /** One device as the list shows it, without the detail's blocks and facts. */
  async summary(code: string): Promise<DeviceSummary> {
    const { device, state } = await this.#live(code);
    const alarm = this.#alarmOf(device, state, await this.#d.alarmTexts.texts());
    return this.#summary(device, state, alarm, await this.#d.statuses.lights());
  }

  /** A device by its code, with its tags and live state, from the records in memory. */
  async #live(code: string) {
    const records = await this.#d.records.get();
    const device = deviceIn(records, code);
    const tags = records.tags.get(device.id) ?? [];
    const state = this.#state(device, tags, records.requestedModes.get(device.id));
    return { device, tags, state, blocks: records.blocks.get(device.id) ?? [] };
  }

  async detail(code: string): Promise<DeviceDetail> {
    const { device, tags, state, blocks } = await this.#live(code);
    const alarm = this.#alarmOf(device, state, await this.#d.alarmTexts.texts());
    const summary = this.#summary(device, state, alarm, await this.#d.statuses.lights());
    const modeCommandId = this.#standardId('manual-mode', tags);
    const strip = ({ kind: _k, owner: _o, ...c }: LiveCommand): DeviceCommand => c;
    const pick = (kind: 'binary' | 'input', owner: 'app' | 'plc') =>
      state.commands
        .filter(
          (c) =>
            c.kind === kind && c.owner === owner && !(kind === 'binary' && c.id === modeCommandId),
        )
        .map(strip);
    const binary = pick('binary', 'app');
    const capacity = device.capacity;
    return {
      device: summary,
      manual: state.manual,
      isSwitched: state.isSwitched,
      requestedManual: state.requestedManual,
      binary,
      input: pick('input', 'app'),
      plcBinary: pick('binary', 'plc'),
      plcInput: pick('input', 'plc'),
      startStopButton: binary.find((c) => c.name === 'Start') ?? null,
      blocks: blocks.map((b): DeviceBlock => ({ id: b.id, label: b.label, value: b.value })),
      alarm,
      alarmType: alarm ? 'alarm' : null,
      graph: capacity
        ? {
            capacity,
            occupied: device.occupancy,
            percentage: Math.round((device.occupancy / capacity) * 1000) / 10,
          }
        : null,
      show: [
        { label: 'Device Id', value: device.deviceId },
        { label: 'Type', value: device.typeName },
        { label: 'Stage', value: summary.stage_name },
        ...(device.unit ? [{ label: 'Unit', value: device.unit }] : []),
        ...(capacity ? [{ label: 'Capacity', value: formatLbs(capacity) }] : []),
        ...(capacity ? [{ label: 'Occupancy', value: formatLbs(device.occupancy) }] : []),
        {
          label: 'Mode',
          value: state.manual === null ? 'Unknown' : state.manual ? 'Manual' : 'Auto',
        },
        {
          label: 'PLC data',
          value: {
            good: 'Live',
            stale: 'Stale: not read recently',
            offline: 'Offline: no PLC connection',
          }[state.quality],
        },
      ],
      quality: state.quality,
    };
  }

  async types() {
    return this.#d.devices.types();
  }

  async formData() {
    return {
      types: await this.#d.devices.types(),
      stages: Object.entries(stageNames).map(([id, name]) => ({
        stage_id: Number(id),
        stage_name: name,
      })),
      capacityTypeIds: [...CAPACITY_TYPE_IDS],
    };
  }

  async #checkType(typeId: number): Promise<void> {
    if (!(await this.#d.devices.typeExists(typeId)))
      throw unprocessable(`Device type ${typeId} does not exist.`);
  }

  /** Adds a device and gives it a fresh block of PLC addresses for its type's commands. */
  async create(body: CreateDeviceBody, by: string): Promise<DeviceDetail> {
    await this.#checkType(body.device_type);
    const tags = await allocateTags(this.#d.devices, this.#d.commands, body.device_type);
    try {
      await this.#d.db.transaction(async (tx) => {
        const ref = await this.#d.devices.insert(
          { deviceId: body.device_id, ...deviceColumns(body) },
          tx,
        );
        await this.#d.devices.insertTags(ref, tags, tx);
      });
      this.#d.records.invalidate();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(
          `A device with Device Id ${body.device_id} already exists, or its PLC addresses were just taken.`,
        );
      }
      throw error;
    }
    this.#logChange(`${body.device_name} (${body.device_id})`, 'created', by);
    await this.#d.runtime.reload();
    return this.detail(body.device_id);
  }

  #logChange(target: string, action: string, by: string): void {
    this.#d.hub.publish({ type: 'config', area: 'device', action, target, by });
  }

  /** Changes a device; a new type gives it the new type's tags in a fresh address block. */
  async update(code: string, body: UpdateDeviceBody, by: string): Promise<DeviceDetail> {
    const device = await this.#d.records.require(code);
    await this.#checkType(body.device_type);
    const columns = deviceColumns(body, device);
    const { capacity } = columns;
    if (capacity !== null && device.occupancy > capacity) {
      throw unprocessable(
        `The capacity cannot be below the current occupancy (${formatLbs(device.occupancy)}).`,
      );
    }
    const retyped = body.device_type !== device.typeId && !device.virtual;
    const tags = retyped
      ? await allocateTags(this.#d.devices, this.#d.commands, body.device_type)
      : [];
    await this.#d.db.transaction(async (tx) => {
      await this.#d.devices.update(device.id, columns, tx);
      if (retyped) {
        await this.#d.devices.deleteTags(device.id, tx);
        await this.#d.devices.insertTags(device.id, tags, tx);
      }
    });
    this.#d.records.invalidate();
    this.#logChange(
      `${body.device_name} (${device.deviceId})`,
      retyped ? 'changed, with a new type and PLC addresses' : 'changed',
      by,
    );
    if (retyped) await this.#d.runtime.reload();
    return this.detail(code);
  }

  /** A device's PLC tags: the address map as the administrator edits it. */
  async tags(code: string): Promise<DeviceTagView[]> {
    const device = await this.#d.records.require(code);
    const rows = await this.#d.records.tagsOf(device);
    const commands = await this.#d.plant.commands();
    return rows
      .map((t) => {
        const def = commands.find((c) => c.kind === t.kind && c.id === t.commandId);
        return {
          command_kind: t.kind,
          command_id: t.commandId,
          command_label: def?.label ?? `${t.kind} ${t.commandId}`,
          command_owner: def?.owner ?? 'plc',
          area: t.area,
          address: t.address,
          data_type: t.dataType,
          scale: t.scale,
          feedback_command_id: t.feedbackCommandId,
        };
      })
      .sort((a, b) => a.area.localeCompare(b.area) || a.address - b.address);
  }

  /**
   * Replaces a device's PLC tags after checking the whole plant's map with them: no overlap
   * with another device, the right area per kind, feedbacks that exist. Every problem is named.
   */
  async saveTags(code: string, tags: DeviceTagDto[], by: string): Promise<DeviceTagView[]> {
    const device = await this.#d.records.require(code);
    if (device.virtual) throw unprocessable(`${device.name} is virtual and has no PLC tags.`);
    const [plantTags, commands] = await Promise.all([
      this.#d.plant.tags(),
      this.#d.plant.commands(),
    ]);
    const proposed: PlantTag[] = [
      ...plantTags.filter((t) => t.device_id !== device.deviceId),
      ...tags.map((t) => ({
        device_id: device.deviceId,
        command_kind: t.command_kind,
        command_id: t.command_id,
        area: t.area,
        address: t.address,
        data_type: t.data_type,
        scale: t.scale,
        ...(t.feedback_command_id != null ? { feedback_command_id: t.feedback_command_id } : {}),
      })),
    ];
    try {
      new TagMap(proposed, commands);
    } catch (error) {
      if (error instanceof TagMapError) throw unprocessable(error.problems.join('; '));
      throw error;
    }
    await this.#d.db.transaction(async (tx) => {
      await this.#d.devices.deleteTags(device.id, tx);
      await this.#d.devices.insertTags(
        device.id,
        tags.map((t) => ({
          kind: t.command_kind,
          commandId: t.command_id,
          area: t.area,
          address: t.address,
          dataType: t.data_type,
          scale: t.scale,
          feedbackCommandId: t.feedback_command_id,
        })),
        tx,
      );
    });
    this.#d.records.invalidate();
    this.#logChange(`${device.name} (${device.deviceId})`, 'PLC addresses changed', by);
    await this.#d.runtime.reload();
    return this.tags(code);
  }

  async delete(code: string, by: string): Promise<void> {
    const device = await this.#d.records.require(code);
    if (device.occupancy > 0) {
      throw conflict(
        `${device.name} holds ${formatLbs(device.occupancy)}: move its beans out before deleting it.`,
      );
    }
    const uses = await this.#d.usesOf(device.deviceId);
    if (uses.length) {
      throw conflict(
        `${device.name} is used by ${uses.join(', ')}: remove it from there before deleting it.`,
      );
    }
    try {
      await this.#d.devices.delete(device.id);
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw conflict(
          `${device.name} has bean movements in the ledger; the plant's records keep it, so it cannot be deleted.`,
        );
      }
      throw error;
    }
    this.#d.records.invalidate();
    this.#d.hub.publish({ type: 'device-removed', device_id: device.deviceId });
    this.#logChange(`${device.name} (${device.deviceId})`, 'deleted', by);
    await this.#d.runtime.reload();
  }

  #requireConnected(): void {
    if (!this.#d.runtime.connected()) {
      throw unavailable(
        `The PLC at ${this.#d.runtime.endpoint()} is not connected: nothing was sent. Check the PLC link and try again.`,
      );
    }
  }

  /** Nothing is sent on a guess: a device whose mode the PLC does not report refuses commands. */
  #requireKnownMode(device: DeviceRow, state: DeviceState): void {
    if (state.manual !== null && state.quality !== 'offline') return;
    const plc = `The PLC at ${this.#d.runtime.endpoint()}`;
    throw unavailable(
      this.#d.runtime.connected()
        ? `${plc} has not reported ${device.name} yet: its mode and values are unknown.`
        : `${plc} is not connected: ${device.name}'s mode and values are unknown.`,
    );
  }

  #send(device: DeviceRow, tag: DeviceTagRow, value: number, who: Principal): void {
    try {
      encodeTag({ area: tag.area, data_type: tag.dataType, scale: tag.scale }, value);
    } catch (error) {
      if (error instanceof TagValueError) throw unprocessable(error.message);
      throw error;
    }
    this.#requireConnected();
    // The result arrives through the events log, the live stream and, when the PLC does not
    // confirm in time, a warning notification; the screen shows 'Switching' until isSame.
    void this.#d.runtime.write(this.#ref(device, tag.kind, tag.commandId), value, who.fullName);
  }

  /** Auto/Manual: asks the PLC to switch; the switch counts once the PLC confirms it. */
  async toggleMode(code: string, who: Principal): Promise<WriteReply> {
    const { device, tags, state } = await this.#live(code);
    const modeId = this.#standardId('manual-mode', tags);
    const tag = tags.find((t) => t.kind === 'binary' && t.commandId === modeId);
    if (!tag) throw unprocessable(`${device.name} has no Auto/Manual mode.`);
    this.#requireKnownMode(device, state);
    const toManual = !state.requestedManual;
    this.#send(device, tag, toManual ? 1 : 0, who);
    await this.#d.devices.requestMode(device.id, toManual, who.id);
    this.#d.records.invalidate();
    const mode = toManual ? 'Manual' : 'Auto';
    await this.#d.eventLog.record({
      kind: 'mode',
      deviceId: device.id,
      deviceName: device.name,
      description: `Switch to ${mode} mode requested`,
      userId: who.id,
      userName: who.fullName,
    });
    return { message: `Switching to ${mode} mode`, result: 'pending', latency_ms: null };
  }

  /** A manual command: only in Manual mode, except speed set-points. */
  async writeCommand(
    code: string,
    kind: 'binary' | 'input',
    commandId: number,
    value: number | undefined,
    who: Principal,
  ): Promise<WriteReply> {
    const { device, tags, state } = await this.#live(code);
    const tag = tags.find((t) => t.kind === kind && t.commandId === commandId);
    const def = this.#d.runtime.command(kind, commandId);
    if (!tag || !def) throw notFound(`${device.name} has no ${kind} command ${commandId}.`);
    if (def.owner !== 'app')
      throw unprocessable(`${def.label} is reported by the PLC and cannot be written.`);
    if (this.#d.runtime.catalog()?.roleOf(kind, commandId) === 'manual-mode') {
      throw unprocessable('Use the Auto/Manual button to change the mode.');
    }
    this.#requireKnownMode(device, state);
    if (!state.manual && !(kind === 'input' && def.isSpeed)) {
      throw conflict(
        `${device.name} is in Auto mode: switch it to Manual mode to send manual commands.`,
      );
    }
    const current = state.commands.find((c) => c.kind === kind && c.id === commandId)?.value;
    const target = value ?? (current === 1 ? 0 : 1);
    this.#send(device, tag, target, who);
    return { message: `${def.label} set to ${target}`, result: 'pending', latency_ms: null };
  }

  /**
   * Corrects what a silo or bin holds, as a ledger adjustment: down takes the oldest lots out,
   * up adds to the newest lot. An empty device cannot be adjusted up: beans come in by a dump.
   */
  async setOccupancy(code: string, occupancy: number, who: Principal): Promise<DeviceSummary> {
    const device = await this.#d.records.require(code);
    if (device.capacity == null) throw unprocessable(`${device.name} has no capacity to fill.`);
    if (occupancy > device.capacity) {
      throw unprocessable(`Occupancy cannot exceed the capacity of ${formatLbs(device.capacity)}.`);
    }
    const target = Math.round(occupancy * 100) / 100;
    const delta = Math.round((target - device.occupancy) * 100) / 100;
    const cause = { userId: who.id, note: `Occupancy corrected by ${who.fullName}` };
    if (delta < 0) {
      await this.#d.ledger.move({
        fromDevice: device.id,
        toDevice: null,
        lbs: -delta,
        reason: 'adjust',
        ...cause,
      });
    } else if (delta > 0) {
      const newest = (await this.#d.ledger.holdings(device.id)).at(-1);
      if (!newest) {
        throw unprocessable(
          `${device.name} is empty: beans come in with a dump; a correction can only adjust what it holds.`,
        );
      }
      await this.#d.ledger.receive({
        toDevice: device.id,
        lotId: newest.lotId,
        lbs: delta,
        reason: 'adjust',
        ...cause,
      });
    }
    await this.#d.eventLog.record({
      kind: 'occupancy',
      deviceId: device.id,
      deviceName: device.name,
      description: `Occupancy corrected from ${formatLbs(device.occupancy)} to ${formatLbs(target)}`,
      userId: who.id,
      userName: who.fullName,
      value: target,
    });
    return this.summary(code);
  }

  async setBlock(
    code: string,
    blockId: number,
    value: 0 | 1,
    who: Principal,
  ): Promise<DeviceBlock[]> {
    const device = await this.#d.records.require(code);
    if (!(await this.#d.devices.setBlock(device.id, blockId, value))) {
      throw notFound(`${device.name} has no block ${blockId}.`);
    }
    this.#d.records.invalidate();
    const blocks = (await this.#d.records.get()).blocks.get(device.id) ?? [];
    await this.#d.eventLog.record({
      kind: 'device',
      deviceId: device.id,
      deviceName: device.name,
      description: `${blocks.find((b) => b.id === blockId)?.label ?? 'Block'} set to ${value ? 'yes' : 'no'}`,
      userId: who.id,
      userName: who.fullName,
    });
    return blocks.map((b) => ({ id: b.id, label: b.label, value: b.value }));
  }
}
