import type { PlantDefinition } from '@roastery/contract';
import { demoPlant } from '@roastery/contract';
import { describe, expect, it } from 'vitest';
import { AddressError, RegisterStore } from './register-store.ts';
import type { StoreTag, WriteOrigin } from './register-store.ts';
import { decodeValue, encodeValue } from './tag-codec.ts';

/** A one-device plant with one tag of every data type, to pin the encodings down. */
const typedPlant: PlantDefinition = {
  unitId: 1,
  deviceTypes: [{ id: 1, name: 'Probe', image: 'probe.svg' }],
  devices: [
    {
      device_id: 'P1',
      device_name: 'Probe',
      device_description: 'Every data type',
      device_type: 1,
      device_stage: 1,
      device_unit: 'lbs',
    },
  ],
  commands: [
    { id: 1, kind: 'binary', label: 'Go', owner: 'app' },
    { id: 2, kind: 'binary', label: 'Going', owner: 'plc' },
    { id: 1, kind: 'input', label: 'Weight', owner: 'plc' },
    { id: 2, kind: 'input', label: 'Offset', owner: 'app' },
    { id: 3, kind: 'input', label: 'Count', owner: 'app' },
    { id: 4, kind: 'input', label: 'Delta', owner: 'app' },
  ],
  typeCommands: [],
  tags: [
    {
      device_id: 'P1',
      command_kind: 'binary',
      command_id: 1,
      area: 'coil',
      address: 0,
      data_type: 'bool',
      scale: 1,
      feedback_command_id: 2,
    },
    {
      device_id: 'P1',
      command_kind: 'binary',
      command_id: 2,
      area: 'coil',
      address: 1,
      data_type: 'bool',
      scale: 1,
    },
    {
      device_id: 'P1',
      command_kind: 'input',
      command_id: 1,
      area: 'holding',
      address: 0,
      data_type: 'uint32',
      scale: 100,
    },
    {
      device_id: 'P1',
      command_kind: 'input',
      command_id: 2,
      area: 'holding',
      address: 4,
      data_type: 'int16',
      scale: 10,
    },
    {
      device_id: 'P1',
      command_kind: 'input',
      command_id: 3,
      area: 'holding',
      address: 5,
      data_type: 'uint16',
      scale: 1,
    },
    {
      device_id: 'P1',
      command_kind: 'input',
      command_id: 4,
      area: 'holding',
      address: 6,
      data_type: 'int32',
      scale: 1,
    },
  ],
};

describe('tag codec', () => {
  it('round-trips every data type, 32-bit values high word first', () => {
    expect(encodeValue('uint32', 100, 20_000)).toEqual([0x1e, 0x8480]);
    expect(decodeValue('uint32', 100, [0x1e, 0x8480])).toBe(20_000);
    expect(encodeValue('int16', 10, -12.5)).toEqual([0xff83]);
    expect(decodeValue('int16', 10, [0xff83])).toBe(-12.5);
    expect(decodeValue('int32', 1, encodeValue('int32', 1, -70_000))).toBe(-70_000);
    expect(decodeValue('uint16', 1, encodeValue('uint16', 1, 65_535))).toBe(65_535);
    expect(decodeValue('bool', 1, [1])).toBe(1);
  });

  it('refuses values the type cannot hold instead of wrapping them', () => {
    expect(() => encodeValue('uint16', 1, 65_536)).toThrow(RangeError);
    expect(() => encodeValue('uint32', 100, -0.01)).toThrow(RangeError);
    expect(() => encodeValue('int16', 10, 3_276.8)).toThrow(RangeError);
  });
});

describe('register store', () => {
  it('gets and sets engineering values by device and command label', () => {
    const store = new RegisterStore(typedPlant);
    store.set('P1', 'Weight', 1234.56);
    store.set('P1', 'Offset', -3.2);
    store.set('P1', 'Go', true);
    expect(store.get('P1', 'Weight')).toBe(1234.56);
    expect(store.get('P1', 'Offset')).toBe(-3.2);
    expect(store.isOn('P1', 'Go')).toBe(true);
    expect(store.readRegisters(0, 2)).toEqual([1, 0xe240]);
    expect(() => store.get('P1', 'Nothing')).toThrow(/no tag/);
  });

  it('reads gaps inside the map as zero and refuses ranges past its end', () => {
    const store = new RegisterStore(typedPlant);
    expect(store.registerCount).toBe(8);
    expect(store.readRegisters(0, 8)).toHaveLength(8);
    expect(store.readRegisters(2, 2)).toEqual([0, 0]);
    expect(() => store.readRegisters(7, 2)).toThrow(AddressError);
    expect(() => store.readCoils(2, 1)).toThrow(AddressError);
  });

  it('lets raw writes reach app tags only, all or nothing', () => {
    const store = new RegisterStore(typedPlant);
    store.writeRegisters(4, [7, 8]);
    expect(store.get('P1', 'Count')).toBe(8);
    expect(() => store.writeRegisters(0, [1])).toThrow(AddressError);
    expect(() => store.writeRegisters(2, [1])).toThrow(AddressError);
    expect(() => store.writeRegisters(5, [9, 9, 9, 9])).toThrow(AddressError);
    expect(store.get('P1', 'Count')).toBe(8);
    expect(() => store.writeCoils(0, [true, true])).toThrow(AddressError);
    expect(store.isOn('P1', 'Go')).toBe(false);
  });

  it('tells listeners once per tag written, with who wrote it', () => {
    const store = new RegisterStore(typedPlant);
    const seen: [string, WriteOrigin][] = [];
    const stop = store.onWrite((tag: StoreTag, origin) => seen.push([tag.label, origin]));
    store.writeRegisters(6, [0xffff, 0xfffe]);
    store.set('P1', 'Weight', 1, 'plant');
    stop();
    store.set('P1', 'Weight', 2);
    expect(seen).toEqual([
      ['Delta', 'modbus'],
      ['Weight', 'plant'],
    ]);
    expect(store.get('P1', 'Delta')).toBe(-2);
  });

  it('refuses a plant whose tags overlap', () => {
    const tags = typedPlant.tags.map((tag) =>
      tag.command_kind === 'input' && tag.command_id === 1 ? { ...tag, address: 5 } : tag,
    );
    const overlapping = { ...typedPlant, tags };
    expect(() => new RegisterStore(overlapping)).toThrow(/holding 5 is used by/);
  });

  it('lays out the whole demo plant', () => {
    const store = new RegisterStore(demoPlant);
    expect(store.tag('R1', 'Batch Size')).toMatchObject({ owner: 'app', width: 2 });
    expect(store.coilCount).toBeGreaterThan(0);
    expect(store.readCoils(0, store.coilCount)).toHaveLength(store.coilCount);
  });
});
