import { describe, expect, it } from 'vitest';
import { demoPlant } from '@roastery/contract';
import { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import { eventTopic, TopicTree, topicSlug } from './topic-tree.ts';

const config = { enterprise: 'acme', site: 'north' };

describe('the plant-data topic tree', () => {
  const catalog = new PlantCatalog(demoPlant);
  const tree = new TopicTree(config, catalog);
  const topicOf = (device: string, label: string) => {
    const command = demoPlant.commands.find((c) => c.label === label);
    if (!command) throw new Error(`no command ${label}`);
    return tree.valueTopic(device, command.kind, command.id);
  };

  it('names a tag by stage, device type, device and label', () => {
    expect(topicOf('GS3', 'Manual Mode')).toBe('acme/north/green/silo-bin/gs3/manual-mode');
    expect(topicOf('R1', 'Bean Temperature')).toBe(
      'acme/north/roasting/roaster/r1/bean-temperature',
    );
    expect(topicOf('PK2', 'Manual Mode')).toBe('acme/north/packing/packer/pk2/manual-mode');
    expect(topicOf('WRB1', 'Manual Mode')).toBe('acme/north/roasted/wrb-bin/wrb1/manual-mode');
  });

  it('gives every real tag its own six-level topic, and virtual devices none', () => {
    const topics = demoPlant.tags.map((tag) =>
      tree.valueTopic(tag.device_id, tag.command_kind, tag.command_id),
    );
    const real = demoPlant.tags.filter((tag) => !catalog.device(tag.device_id)?.virtual);
    const named = topics.filter((topic) => topic !== undefined);
    expect(named).toHaveLength(real.length);
    expect(new Set(named).size).toBe(named.length);
    for (const topic of named) expect(topic.split('/')).toHaveLength(6);
    expect(tree.valueTopic('GS3', 'input', 99_999)).toBeUndefined();
  });

  it('puts events under events/<kind>', () => {
    expect(eventTopic(config, 'batches')).toBe('acme/north/events/batches');
  });

  it('turns names into topic levels MQTT accepts', () => {
    expect(topicSlug('Cleaner / Destoner')).toBe('cleaner-destoner');
    expect(topicSlug('Température #2 + offset')).toBe('temperature-2-offset');
    expect(topicSlug('///')).toBe('_');
  });
});
