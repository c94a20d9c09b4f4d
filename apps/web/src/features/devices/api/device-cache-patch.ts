import {
  isSwitched,
  worstQuality,
  type DeviceCommand,
  type DeviceDetail,
  type DeviceSummary,
  type LiveEvent,
} from '@roastery/contract';

export type DeviceEvent = Extract<LiveEvent, { type: 'device' }>;

/** The command as the event shows it, or the same object when the event is about another. */
function patchCommand(command: DeviceCommand, event: DeviceEvent, kind: 'binary' | 'input') {
  if (event.command_kind !== kind || event.command_id !== command.id) return command;
  return {
    ...command,
    value: event.value ?? null,
    quality: event.quality ?? command.quality,
    isSame: event.isSame ?? command.isSame,
  };
}

function modeOf(event: DeviceEvent): boolean | null {
  return event.value == null ? null : event.value === 1;
}

/**
 * A device detail reply with one live event written in: the command's value, quality and
 * isSame, the mode, and the device's quality. What the server derives from its own tables
 * (status lights, alarm text) is left to a refetch.
 */
export function applyEventToDetail(detail: DeviceDetail, event: DeviceEvent): DeviceDetail {
  if (event.device_id !== detail.device.device_id) return detail;
  if (event.change === 'quality') {
    if (!event.quality) return detail;
    const quality = event.quality;
    const offline = (c: DeviceCommand): DeviceCommand => ({
      ...c,
      quality,
      value: quality === 'offline' ? null : c.value,
    });
    const manual = quality === 'offline' ? null : detail.manual;
    const isSwitched = detail.requestedManual === manual && quality === 'good';
    return {
      ...detail,
      binary: detail.binary.map(offline),
      input: detail.input.map(offline),
      plcBinary: detail.plcBinary.map(offline),
      plcInput: detail.plcInput.map(offline),
      startStopButton: detail.startStopButton && offline(detail.startStopButton),
      manual,
      isSwitched,
      quality,
      device: { ...detail.device, manual, isSwitched, quality },
    };
  }
  const binary = detail.binary.map((c) => patchCommand(c, event, 'binary'));
  const input = detail.input.map((c) => patchCommand(c, event, 'input'));
  const plcBinary = detail.plcBinary.map((c) => patchCommand(c, event, 'binary'));
  const plcInput = detail.plcInput.map((c) => patchCommand(c, event, 'input'));
  const commands = [...binary, ...input, ...plcBinary, ...plcInput];
  const quality = commands.length ? worstQuality(commands.map((c) => c.quality)) : detail.quality;
  const manual = event.change === 'mode' ? modeOf(event) : detail.manual;
  const switched = isSwitched(detail.requestedManual, manual, quality);
  return {
    ...detail,
    binary,
    input,
    plcBinary,
    plcInput,
    startStopButton:
      detail.startStopButton && patchCommand(detail.startStopButton, event, 'binary'),
    manual,
    isSwitched: switched,
    quality,
    device: { ...detail.device, manual, isSwitched: switched, quality },
  };
}

/**
 * The device list with one live event written into the device's entry. A list entry has no
 * commands, so only the mode and a worse quality can be written; a better quality than the
 * entry's depends on the device's other commands and waits for a refetch.
 */
export function applyEventToList(list: DeviceSummary[], event: DeviceEvent): DeviceSummary[] {
  const index = list.findIndex((d) => d.device_id === event.device_id);
  const entry = list[index];
  if (!entry) return list;
  let next = entry;
  if (event.quality && worstQuality([event.quality, entry.quality]) !== entry.quality) {
    next = { ...next, quality: event.quality };
    if (event.quality === 'offline') next = { ...next, manual: null, isSwitched: false };
  }
  if (event.change === 'mode') next = { ...next, manual: modeOf(event) };
  if (next === entry) return list;
  return list.map((d, i) => (i === index ? next : d));
}

/**
 * Whether the device list still needs the server after the event is written in: for what it
 * derives (lights, alarm text, the mode's confirmation), for a quality that got better, and for
 * since when a quality that got worse is not live.
 */
export function listNeedsRefetch(list: DeviceSummary[], event: DeviceEvent): boolean {
  const entry = list.find((d) => d.device_id === event.device_id);
  if (!entry) return false;
  if (event.change === 'mode' || event.change === 'alarm' || event.change === 'status') return true;
  return event.quality !== undefined && event.quality !== entry.quality;
}
