import { describe, expect, it } from 'vitest';
import type { PlantTag } from '@roastery/contract';
import { TagMap, TagMapError, tagKey } from './tag-map.ts';
import { testCommands, testTags } from './testing/test-plant.ts';

function problemsOf(tags: PlantTag[]): readonly string[] {
  try {
    new TagMap(tags, testCommands);
    return [];
  } catch (error) {
    if (error instanceof TagMapError) return error.problems;
    throw error;
  }
}

describe('TagMap', () => {
  it('resolves every (device, command) and its owner and feedback', () => {
    const map = new TagMap(testTags(), testCommands);
    expect(map.size).toBe(14);
    const start = map.get({ device_id: 'M2', command_kind: 'binary', command_id: 1 });
    expect(start).toMatchObject({
      area: 'coil',
      address: 10,
      owner: 'app',
      feedbackKey: 'M2/binary/2',
    });
    const jog = map.get({ device_id: 'M1', command_kind: 'binary', command_id: 3 });
    expect(jog?.feedbackKey).toBe(jog?.key);
    expect(
      map.byKey(tagKey({ device_id: 'M1', command_kind: 'input', command_id: 12 }))?.owner,
    ).toBe('plc');
  });

  it('finds a feedback of the other kind when the same kind has none', () => {
    const tags: PlantTag[] = [
      {
        device_id: 'X',
        command_kind: 'input',
        command_id: 10,
        area: 'holding',
        address: 0,
        data_type: 'uint16',
        scale: 1,
        feedback_command_id: 2,
      },
      {
        device_id: 'X',
        command_kind: 'binary',
        command_id: 2,
        area: 'coil',
        address: 0,
        data_type: 'bool',
        scale: 1,
      },
    ];
    const map = new TagMap(tags, testCommands);
    expect(map.get({ device_id: 'X', command_kind: 'input', command_id: 10 })?.feedbackKey).toBe(
      'X/binary/2',
    );
  });

  it('lists every problem of a bad map', () => {
    const [first, second] = testTags(['A']);
    const problems = problemsOf([
      first!,
      { ...first! },
      { ...second!, address: 0, command_id: 2 },
      {
        device_id: 'A',
        command_kind: 'input',
        command_id: 99,
        area: 'holding',
        address: 5,
        data_type: 'uint16',
        scale: 1,
      },
      {
        device_id: 'A',
        command_kind: 'binary',
        command_id: 3,
        area: 'holding',
        address: 6,
        data_type: 'uint16',
        scale: 1,
      },
      {
        device_id: 'A',
        command_kind: 'input',
        command_id: 12,
        area: 'holding',
        address: 0xffff,
        data_type: 'uint32',
        scale: 0,
      },
      {
        device_id: 'A',
        command_kind: 'input',
        command_id: 10,
        area: 'holding',
        address: 8,
        data_type: 'uint16',
        scale: 1,
        feedback_command_id: 77,
      },
      {
        device_id: 'A',
        command_kind: 'input',
        command_id: 11,
        area: 'holding',
        address: 9,
        data_type: 'uint16',
        scale: 1,
        feedback_command_id: 12,
      },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'A binary command 1 is mapped twice',
        expect.stringMatching(/A binary command 2 overlaps A binary command 1 at coil:0/),
        'A input command 99: no such input command',
        'A binary command 3: binary commands live in the coil area, not holding',
        'A input command 12: scale must be a positive number, got 0',
        'A input command 12: address 65535 is outside 0..65535',
        'A input command 11: only app commands have a feedback command',
        'A input command 10: feedback command 77 is not a plc tag of A',
      ]),
    );
  });

  it('refuses a coil that is not a bool', () => {
    const problems = problemsOf([
      {
        device_id: 'A',
        command_kind: 'binary',
        command_id: 2,
        area: 'coil',
        address: 0,
        data_type: 'uint16',
        scale: 1,
      },
    ]);
    expect(problems).toEqual(['A binary command 2: a coil holds a bool, not uint16']);
  });
});
