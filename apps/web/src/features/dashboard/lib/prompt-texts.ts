import type { DumpError, SiloPrompt, WaitingDump } from '@roastery/contract';
import { formatLbs } from '../../../lib/format-lbs.ts';

/** What happened to a transfer whose source ran empty, for both silo prompts. */
export function stalledTransferText(prompt: SiloPrompt): string {
  return (
    `${prompt.source_device_name} ran empty during transfer ${prompt.transfer_id} of ` +
    `${prompt.bean_name} to ${prompt.target_device_name}: ${formatLbs(prompt.moved_amount)} of ` +
    `${formatLbs(prompt.target_amount)} moved, ${formatLbs(prompt.remaining)} remaining.`
  );
}

/** How far a failed dump got; the PLC may not have reported the silo's level. */
export function failedDumpText(dump: DumpError): string {
  const moved = dump.moved_amount === null ? 'unknown' : formatLbs(dump.moved_amount);
  return (
    `Dump ${dump.lot_number} of ${dump.bean_name} into ${dump.device_name}: ` +
    `${formatLbs(dump.amount)} requested, ${moved} moved, ${formatLbs(dump.remaining)} remaining.`
  );
}

/** A waiting time as people say it: 45 s, 3 min, 1 h 20 min. */
export function formatWaiting(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The request the reminder is about, and how long it has waited at the station. */
export function waitingDumpText(dump: WaitingDump): string {
  return (
    `Dump ${dump.lot_number}: ${formatLbs(dump.amount)} of ${dump.bean_name} into ` +
    `${dump.device_name} has waited ${formatWaiting(dump.waiting_seconds)} at the station.`
  );
}
