import type { WriteReply } from '@roastery/contract';
import { encodeTag, TagValueError } from '@roastery/plc';
import { conflict, notFound, unavailable, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { DeviceServiceDeps } from './device-context.ts';
import type { DeviceRow, DeviceTagRow } from './device-repository.ts';
import { liveDevice, standardCommandId, tagRef, type DeviceState } from './device-state.ts';

function requireConnected(d: DeviceServiceDeps): void {
  if (!d.runtime.connected()) {
    throw unavailable(
      `The PLC at ${d.runtime.endpoint()} is not connected: nothing was sent. Check the PLC link and try again.`,
    );
  }
}

/** Nothing is sent on a guess: a device whose mode the PLC does not report refuses commands. */
function requireKnownMode(d: DeviceServiceDeps, device: DeviceRow, state: DeviceState): void {
  if (state.manual !== null && state.quality !== 'offline') return;
  const plc = `The PLC at ${d.runtime.endpoint()}`;
  throw unavailable(
    d.runtime.connected()
      ? `${plc} has not reported ${device.name} yet: its mode and values are unknown.`
      : `${plc} is not connected: ${device.name}'s mode and values are unknown.`,
  );
}

function send(
  d: DeviceServiceDeps,
  device: DeviceRow,
  tag: DeviceTagRow,
  value: number,
  who: Principal,
): void {
  try {
    encodeTag({ area: tag.area, data_type: tag.dataType, scale: tag.scale }, value);
  } catch (error) {
    if (error instanceof TagValueError) throw unprocessable(error.message);
    throw error;
  }
  requireConnected(d);
  // The result arrives through the events log, the live stream and, when the PLC does not
  // confirm in time, a warning notification; the screen shows 'Switching' until isSame.
  void d.runtime.write(tagRef(device, tag.kind, tag.commandId), value, who.fullName);
}

/** Auto/Manual: asks the PLC to switch; the switch counts once the PLC confirms it. */
export async function toggleMode(
  d: DeviceServiceDeps,
  code: string,
  who: Principal,
): Promise<WriteReply> {
  const { device, tags, state } = await liveDevice(d, code);
  const modeId = standardCommandId(d.runtime, 'manual-mode', tags);
  const tag = tags.find((t) => t.kind === 'binary' && t.commandId === modeId);
  if (!tag) throw unprocessable(`${device.name} has no Auto/Manual mode.`);
  requireKnownMode(d, device, state);
  const toManual = !state.requestedManual;
  send(d, device, tag, toManual ? 1 : 0, who);
  await d.devices.requestMode(device.id, toManual, who.id);
  d.records.invalidate();
  const mode = toManual ? 'Manual' : 'Auto';
  await d.eventLog.record({
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
export async function writeCommand(
  d: DeviceServiceDeps,
  code: string,
  kind: 'binary' | 'input',
  commandId: number,
  value: number | undefined,
  who: Principal,
): Promise<WriteReply> {
  const { device, tags, state } = await liveDevice(d, code);
  const tag = tags.find((t) => t.kind === kind && t.commandId === commandId);
  const def = d.runtime.command(kind, commandId);
  if (!tag || !def) throw notFound(`${device.name} has no ${kind} command ${commandId}.`);
  if (def.owner !== 'app')
    throw unprocessable(`${def.label} is reported by the PLC and cannot be written.`);
  if (d.runtime.catalog()?.roleOf(kind, commandId) === 'manual-mode') {
    throw unprocessable('Use the Auto/Manual button to change the mode.');
  }
  requireKnownMode(d, device, state);
  if (!state.manual && !(kind === 'input' && def.isSpeed)) {
    throw conflict(
      `${device.name} is in Auto mode: switch it to Manual mode to send manual commands.`,
    );
  }
  const current = state.commands.find((c) => c.kind === kind && c.id === commandId)?.value;
  const target = value ?? (current === 1 ? 0 : 1);
  send(d, device, tag, target, who);
  return { message: `${def.label} set to ${target}`, result: 'pending', latency_ms: null };
}
