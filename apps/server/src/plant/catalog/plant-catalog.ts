import type {
  CommandKind,
  CommandRef,
  PlantCommand,
  PlantDefinition,
  PlantDevice,
  PlantTag,
} from '@roastery/contract';

/**
 * What the console itself needs a command for, whatever the plant calls it. Code asks for a
 * command by role; the label an administrator gave it is only for people.
 */
export type CommandRole =
  | 'manual-mode'
  | 'manual-mode-active'
  | 'alarm-code'
  | 'occupancy'
  | 'scale-weight'
  | 'transfer-source'
  | 'transfer-target'
  | 'transfer-weight'
  | 'transferred-weight'
  | 'transfer-state'
  | 'start'
  | 'running'
  | 'inlet-gate'
  | 'discharge-gate'
  | 'batch-size'
  | 'green-weight'
  | 'roasted-weight'
  | 'roaster-phase'
  | 'bean-temperature'
  | 'environment-temperature'
  | 'inlet-temperature'
  | 'burner-output'
  | 'airflow'
  | 'bean-colour'
  | 'roasted-moisture'
  | 'first-crack'
  | 'roast-time'
  | 'burner-power'
  | 'burner-control'
  | 'burner-set-point'
  | 'drop-request'
  | 'drop-requested'
  | 'drop-door'
  | 'quench'
  | 'green-moisture'
  | 'green-density';

/**
 * The one place that knows which standard label plays which role (ADR 0010). A plant whose
 * address map names these commands differently changes this table, nothing else.
 */
export const STANDARD_COMMANDS: Readonly<
  Record<CommandRole, { kind: CommandKind; label: string }>
> = {
  'manual-mode': { kind: 'binary', label: 'Manual Mode' },
  'manual-mode-active': { kind: 'binary', label: 'Manual Mode Active' },
  'alarm-code': { kind: 'input', label: 'Alarm Code' },
  occupancy: { kind: 'input', label: 'Occupancy' },
  'scale-weight': { kind: 'input', label: 'Scale Weight' },
  'transfer-source': { kind: 'input', label: 'Transfer Source' },
  'transfer-target': { kind: 'input', label: 'Transfer Target' },
  'transfer-weight': { kind: 'input', label: 'Transfer Weight' },
  'transferred-weight': { kind: 'input', label: 'Transferred Weight' },
  'transfer-state': { kind: 'input', label: 'Transfer State' },
  start: { kind: 'binary', label: 'Start' },
  running: { kind: 'binary', label: 'Running' },
  // What a roasting batch sets and measures, and the gates it charges and lands through; a
  // roaster is the device that measures what it drops (roasting workflows find it so).
  'inlet-gate': { kind: 'binary', label: 'Inlet Gate' },
  'discharge-gate': { kind: 'binary', label: 'Discharge Gate' },
  'batch-size': { kind: 'input', label: 'Batch Size' },
  'green-weight': { kind: 'input', label: 'Green Weight' },
  'roasted-weight': { kind: 'input', label: 'Roasted Weight' },
  /** A roaster's cycle: 0 idle, then charging, roasting, dropping, cooling. */
  'roaster-phase': { kind: 'input', label: 'Phase' },
  /** A roaster's bean probe, °F; shown on the roaster cards. */
  'bean-temperature': { kind: 'input', label: 'Bean Temperature' },
  // What a roast's record keeps each second (ET, inlet, burner, airflow) and at drop (colour and
  // the roasted beans' moisture, % of the roasted weight),
  // and the acoustic crack detector's flag (1 once it has heard first crack).
  'environment-temperature': { kind: 'input', label: 'Environment Temperature' },
  'inlet-temperature': { kind: 'input', label: 'Inlet Temperature' },
  'burner-output': { kind: 'input', label: 'Burner Output' },
  airflow: { kind: 'input', label: 'Airflow' },
  'bean-colour': { kind: 'input', label: 'Bean Colour' },
  'roasted-moisture': { kind: 'input', label: 'Roasted Moisture' },
  'first-crack': { kind: 'input', label: 'First Crack' },
  // What the console's profile controller writes: the burner it fires and who fires it (see
  // BurnerControl), and the drop it asks for at the profile's end, which the roasting order's
  // workflow waits for.
  /** The roaster's own roast clock, seconds since its batch's first beans came in. */
  'roast-time': { kind: 'input', label: 'Roast Time' },
  'burner-power': { kind: 'input', label: 'Burner Power' },
  'burner-control': { kind: 'input', label: 'Burner Control' },
  /** What a PLC's own burner controller holds BT at; a profile's curve on such a PLC. */
  'burner-set-point': { kind: 'input', label: 'Burner Set-point' },
  'drop-request': { kind: 'binary', label: 'Drop Request' },
  'drop-requested': { kind: 'binary', label: 'Drop Requested' },
  /**
   * A roaster's drop door: a batch's workflow opens it after the drop is asked for; the profile
   * controller opens it itself when no run drives the batch then (roast-control).
   */
  'drop-door': { kind: 'binary', label: 'Drop Door' },
  /** A roaster's water quench, where it has one: an ET safe action sprays it. */
  quench: { kind: 'binary', label: 'Quench' },
  // The green lot a batch charges, written before its charge and back to 0 (not known) once it
  // is done: moisture (%) and density (g/L). The roaster may set its roast up by them; the
  // roast's record keeps what it was told.
  'green-moisture': { kind: 'input', label: 'Green Moisture' },
  'green-density': { kind: 'input', label: 'Green Density' },
};

const commandKey = (kind: CommandKind, id: number) => `${kind}/${id}`;
const tagKey = (ref: CommandRef) => `${ref.device_id}/${ref.command_kind}/${ref.command_id}`;

/**
 * Every lookup of devices, commands and tags, over one address map: by device code, by
 * command id and by role. Immutable: a changed address map makes a new catalog.
 */
export class PlantCatalog {
  readonly definition: PlantDefinition;
  readonly #devices: Map<string, PlantDevice>;
  readonly #commands: Map<string, PlantCommand>;
  readonly #tags: Map<string, PlantTag>;
  readonly #roles = new Map<string, CommandRole>();
  readonly #byRole = new Map<CommandRole, PlantCommand>();

  constructor(definition: PlantDefinition) {
    this.definition = definition;
    this.#devices = new Map(definition.devices.map((d) => [d.device_id, d]));
    this.#commands = new Map(definition.commands.map((c) => [commandKey(c.kind, c.id), c]));
    this.#tags = new Map(definition.tags.map((t) => [tagKey(t), t]));
    for (const [role, standard] of Object.entries(STANDARD_COMMANDS) as [
      CommandRole,
      { kind: CommandKind; label: string },
    ][]) {
      const command = definition.commands.find(
        (c) => c.kind === standard.kind && c.label === standard.label,
      );
      if (!command) continue;
      this.#byRole.set(role, command);
      this.#roles.set(commandKey(command.kind, command.id), role);
    }
  }

  device(code: string): PlantDevice | undefined {
    return this.#devices.get(code);
  }

  command(kind: CommandKind, id: number): PlantCommand | undefined {
    return this.#commands.get(commandKey(kind, id));
  }

  /** A command's label for people, or its kind and id when the plant has no such command. */
  labelOf(kind: CommandKind, id: number): string {
    return this.command(kind, id)?.label ?? `${kind} ${id}`;
  }

  tag(ref: CommandRef): PlantTag | undefined {
    return this.#tags.get(tagKey(ref));
  }

  /** The role a command plays, if it is one of the standard commands. */
  roleOf(kind: CommandKind, id: number): CommandRole | undefined {
    return this.#roles.get(commandKey(kind, id));
  }

  /** The plant's command for a role, if it has one. */
  commandFor(role: CommandRole): PlantCommand | undefined {
    return this.#byRole.get(role);
  }

  /** A device's tag for a role: undefined when the plant or the device has no such command. */
  refOf(deviceCode: string, role: CommandRole): CommandRef | undefined {
    const command = this.#byRole.get(role);
    if (!command) return undefined;
    const ref: CommandRef = {
      device_id: deviceCode,
      command_kind: command.kind,
      command_id: command.id,
    };
    return this.#tags.has(tagKey(ref)) ? ref : undefined;
  }
}
