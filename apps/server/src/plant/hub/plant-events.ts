import type {
  CommandKind,
  Notification,
  Quality,
  RunState,
  TimelineEntry,
} from '@roastery/contract';
import type { ConnectionState, WriteRecord } from '@roastery/plc';
import type { CommandRole } from '../catalog/plant-catalog.ts';

/**
 * The server's own events: what happened in the plant and in the books, in the server's terms.
 * Every event is plain JSON (no dates, no class instances), so a transport between server
 * instances can carry it as it is.
 */
export type PlantEvent =
  /** A scanned value changed, or its quality did; `role` names a standard command. */
  | {
      type: 'value';
      device_id: string;
      command_kind: CommandKind;
      command_id: number;
      role: CommandRole | null;
      value: number | null;
      quality: Quality;
      /** The PLC's feedback equals what the console last wrote (always for PLC commands). */
      isSame: boolean;
    }
  /** A device's values all took one quality at once (the PLC link was lost). */
  | { type: 'device-quality'; device_id: string; quality: Quality }
  /** `since`: while not connected, since when device values are not live (epoch ms). */
  | { type: 'connection'; state: ConnectionState; error: string | null; since: number | null }
  /**
   * The runtime's PLC link was lost or is back: `endpoint` is the PLC's host:port. The
   * notifications area raises or clears its alarm, the events log records it.
   */
  | { type: 'plc-link'; change: 'lost'; error: string; endpoint: string }
  | { type: 'plc-link'; change: 'restored'; downtimeMs: number; endpoint: string }
  /** A person stopped the PLC gateway from the System Monitor, or it was started again. */
  | { type: 'plc-gateway'; change: 'stopped'; by: string; endpoint: string }
  | { type: 'plc-gateway'; change: 'started'; endpoint: string }
  /**
   * A PLC write's final result (`plc-write`), or a write the PLC acknowledged but did not confirm
   * in time (`plc-unconfirmed`), named as the runtime's catalog names them: `device` is null
   * for a device the console has no record of.
   */
  | { type: 'plc-write'; record: WriteRecord; device: PlantDeviceRef | null; label: string }
  | {
      type: 'plc-unconfirmed';
      record: WriteRecord;
      device: PlantDeviceRef | null;
      label: string;
      confirmTimeoutMs: number;
    }
  /** A device's alarm code as the PLC shows it; 0 when no alarm stands. */
  | { type: 'alarm-code'; device_id: string; device: PlantDeviceRef | null; code: number }
  /** A workflow run changed: its state (started, paused, finished, failed, ...) or its record. */
  | {
      type: 'run';
      workflow_id: number;
      run_id: string;
      change: 'state';
      state: RunState;
      error: string | null;
    }
  | {
      type: 'run';
      workflow_id: number;
      run_id: string;
      change: 'timeline';
      entry: TimelineEntry;
      /** The entry reports a PLC write, which the events log records from the write itself. */
      reportsWrite?: true;
    }
  | { type: 'run'; workflow_id: number; run_id: string; change: 'status' | 'cleared' }
  /** Beans moved on the ledger (one committed movement). */
  | { type: 'ledger' }
  | { type: 'dump'; id: number }
  | { type: 'transfer'; id: number }
  /**
   * An order changed: created, edited, reprioritised, paused or resumed, started, a batch of it
   * started or ended, or it was deleted.
   */
  | { type: 'order'; id: number; change: 'saved' | 'status' | 'batch' | 'deleted' }
  /**
   * A roast's record was linked to the batch the order runs booked: its figures (loss,
   * development, colour) are now the batch's, for the quality checks.
   */
  | { type: 'roast-record'; id: number; batch_id: number; change: 'linked' }
  | {
      type: 'notification';
      notification: Notification;
      /**
       * Present when the notification was just raised (not acknowledged or cleared): the plant
       * condition behind it, whose owner logs it itself, or null for a one-off notice.
       */
      raised?: { source: string | null };
    }
  /** An administrator changed a setting; `by` is the person's full name. */
  | { type: 'setting'; ref_id: string; label: string; value: string; by: string }
  /** A person signed in, or a sign-in was refused; the events log records who and when. */
  | {
      type: 'session';
      change: 'signed-in' | 'refused';
      username: string;
      /** Where the attempt came from: every instance counts refusals for sign-in throttling. */
      address: string;
      /** The id of the device cookie the attempt came with: it counts against that cookie. */
      device?: string;
    }
  /** A console service was started or stopped (System Monitor), by a person or by itself. */
  | { type: 'service'; id: string; name: string; status: 'running' | 'stopped'; by: string }
  | { type: 'notifications-acknowledged'; count: number }
  /** A person added, edited or deleted a roasting path; `by` is the person's full name. */
  | {
      type: 'path';
      id: number;
      name: string;
      change: 'created' | 'edited' | 'deleted';
      by: string;
    }
  /**
   * A person changed the plant's configuration, once the change is committed: `target` names what
   * changed (a workflow, a user, a device...), `action` says how, `by` is the person's full name.
   */
  | { type: 'config'; area: ConfigArea; action: string; target: string; by: string }
  /** An alarm flood began or ended, or grew while it lasts (ISA-18.2). */
  | { type: 'alarm-flood'; flooding: boolean; count: number; since: string | null }
  /** An administrator deleted a device; records that named it keep no reference to it. */
  | { type: 'device-removed'; device_id: string }
  /**
   * Between server instances: a request handed to the leading instance was stored ('asked'),
   * or the leader stored its answer ('answered').
   */
  | { type: 'leader-request'; id: number; change: 'asked' | 'answered' }
  /**
   * Between server instances: a read asked of the leading instance ('leader-read', asked again
   * until answered), and its answer, told apart by the asker's id.
   */
  | { type: 'leader-read'; id: string; operation: string; args: unknown }
  | {
      type: 'leader-read-answer';
      id: string;
      answer: { ok: true; result: unknown } | { ok: false; statusCode: number; message: string };
    }
  /** A user's password, role, names or existence changed: every instance forgets its copy. */
  | { type: 'user-changed'; user_id: number }
  /** Stored records another instance keeps in memory changed: it reads them again. */
  | { type: 'cache-changed'; cache: 'device-records' | 'alarm-texts' | 'device-statuses' };

/** A device as notifications and the events log name it: its record's id and its name. */
export interface PlantDeviceRef {
  ref: number;
  name: string;
}

/** What a configuration change was made to, as the events log names it. */
export type ConfigArea =
  | 'workflow'
  | 'user'
  | 'device'
  | 'device-type'
  | 'product'
  | 'bean'
  | 'alarm-text'
  | 'device-status'
  | 'admin-report'
  | 'plant-data'
  | 'alarm-delivery';

export type PlantEventType = PlantEvent['type'];
export type PlantEventOf<T extends PlantEventType> = Extract<PlantEvent, { type: T }>;

/** The run states after which a run does nothing more until a person starts it again. */
export const ENDED_RUN_STATES: readonly RunState[] = ['finished', 'failed', 'stopped'];
