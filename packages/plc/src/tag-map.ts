import type {
  CommandKind,
  CommandOwner,
  PlantCommand,
  PlantTag,
  TagArea,
} from '@roastery/contract';
import { tagWidth } from './tag-codec.ts';

/** Identifies one command of one device: the key of the tag map and of the state cache. */
export interface TagRef {
  device_id: string;
  command_kind: CommandKind;
  command_id: number;
}

/** A tag with what the gateway derives from the plant: its owner and its feedback tag. */
export interface MappedTag extends PlantTag {
  key: string;
  owner: CommandOwner;
  /** The key of the tag whose reading confirms a write (the tag itself without a feedback). */
  feedbackKey: string;
}

/** A plant whose tag list does not make sense; lists every problem, not just the first. */
export class TagMapError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid PLC tag map:\n- ${problems.join('\n- ')}`);
    this.name = 'TagMapError';
    this.problems = problems;
  }
}

const MAX_ADDRESS = 0xffff;
const AREA_OF_KIND: Record<CommandKind, TagArea> = { binary: 'coil', input: 'holding' };

export function tagKey(ref: TagRef): string {
  return `${ref.device_id}/${ref.command_kind}/${ref.command_id}`;
}

function describe(tag: PlantTag): string {
  return `${tag.device_id} ${tag.command_kind} command ${tag.command_id}`;
}

function checkShape(tag: PlantTag, owner: CommandOwner | undefined): string[] {
  const problems: string[] = [];
  const name = describe(tag);
  if (owner === undefined) problems.push(`${name}: no such ${tag.command_kind} command`);
  if (AREA_OF_KIND[tag.command_kind] !== tag.area) {
    problems.push(
      `${name}: ${tag.command_kind} commands live in the ${AREA_OF_KIND[tag.command_kind]} area, not ${tag.area}`,
    );
  }
  if (tag.area === 'coil' && tag.data_type !== 'bool') {
    problems.push(`${name}: a coil holds a bool, not ${tag.data_type}`);
  }
  if (!Number.isFinite(tag.scale) || tag.scale <= 0) {
    problems.push(`${name}: scale must be a positive number, got ${tag.scale}`);
  }
  const last = tag.address + tagWidth(tag) - 1;
  if (!Number.isInteger(tag.address) || tag.address < 0 || last > MAX_ADDRESS) {
    problems.push(`${name}: address ${tag.address} is outside 0..${MAX_ADDRESS}`);
  }
  if (tag.feedback_command_id !== undefined && owner === 'plc') {
    problems.push(`${name}: only app commands have a feedback command`);
  }
  return problems;
}

/** Reports tags of the same area that share an address (a typo in the map, nearly always). */
function checkOverlaps(tags: readonly PlantTag[]): string[] {
  const problems: string[] = [];
  const owners = new Map<string, PlantTag>();
  for (const tag of tags) {
    for (let offset = 0; offset < tagWidth(tag); offset += 1) {
      const slot = `${tag.area}:${tag.address + offset}`;
      const other = owners.get(slot);
      if (other && other !== tag) {
        problems.push(`${describe(tag)} overlaps ${describe(other)} at ${slot}`);
      } else {
        owners.set(slot, tag);
      }
    }
  }
  return problems;
}

/**
 * Every (device, command) of the plant resolved to its PLC tag, validated once when the gateway
 * is built so that a bad map fails loudly at start rather than as odd values at run time.
 */
export class TagMap {
  readonly #byKey = new Map<string, MappedTag>();
  /** The commands each plc tag is the feedback of, by the feedback's key. */
  readonly #fedBy = new Map<string, MappedTag[]>();

  constructor(tags: readonly PlantTag[], commands: readonly PlantCommand[]) {
    const owners = new Map(commands.map((c) => [`${c.kind}/${c.id}`, c.owner] as const));
    const ownerOf = (kind: CommandKind, id: number) => owners.get(`${kind}/${id}`);
    const problems: string[] = [];
    for (const tag of tags) {
      const owner = ownerOf(tag.command_kind, tag.command_id);
      problems.push(...checkShape(tag, owner));
      const key = tagKey(tag);
      if (this.#byKey.has(key)) problems.push(`${describe(tag)} is mapped twice`);
      this.#byKey.set(key, { ...tag, key, owner: owner ?? 'plc', feedbackKey: key });
    }
    problems.push(...checkOverlaps(tags));
    for (const tag of this.#byKey.values()) {
      if (tag.feedback_command_id === undefined) continue;
      const feedback = this.#findFeedback(tag, tag.feedback_command_id);
      if (feedback) {
        tag.feedbackKey = feedback.key;
        this.#fedBy.set(feedback.key, [...(this.#fedBy.get(feedback.key) ?? []), tag]);
      } else {
        problems.push(
          `${describe(tag)}: feedback command ${tag.feedback_command_id} is not a plc tag of ${tag.device_id}`,
        );
      }
    }
    if (problems.length > 0) throw new TagMapError(problems);
  }

  /** The feedback is a plc tag of the same device, of the same kind when both kinds exist. */
  #findFeedback(tag: MappedTag, commandId: number): MappedTag | undefined {
    const kinds: CommandKind[] =
      tag.command_kind === 'binary' ? ['binary', 'input'] : ['input', 'binary'];
    for (const command_kind of kinds) {
      const found = this.#byKey.get(
        tagKey({ device_id: tag.device_id, command_kind, command_id: commandId }),
      );
      if (found?.owner === 'plc') return found;
    }
    return undefined;
  }

  get(ref: TagRef): MappedTag | undefined {
    return this.#byKey.get(tagKey(ref));
  }

  byKey(key: string): MappedTag | undefined {
    return this.#byKey.get(key);
  }

  /** The commands whose feedback is this tag (by its key): none for most tags. */
  commandsFedBy(key: string): readonly MappedTag[] {
    return this.#fedBy.get(key) ?? [];
  }

  all(): MappedTag[] {
    return [...this.#byKey.values()];
  }

  get size(): number {
    return this.#byKey.size;
  }
}
