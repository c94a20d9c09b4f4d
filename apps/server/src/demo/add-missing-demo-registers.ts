import { demoPlant, type PlantDefinition } from '@roastery/contract';
import { deviceTypes, type Database } from '@roastery/db';
import { addMissingCommands } from '../modules/commands/add-missing-commands.ts';
import { addMissingTags } from '../modules/devices/add-missing-tags.ts';

/**
 * Gives a database seeded with an older demo plant the registers the demo plant has gained since
 * (a roaster's 'Environment Temperature', 'Burner Power' and the rest): the missing commands, the
 * device types' offers of them and each demo device's tags, each through the area that owns it.
 * It only adds: a command whose id a person has used for something else, a device whose type was
 * changed, a tag whose address is taken, all stay as they are and the register is left out.
 * Returns the tags it added, as 'device: label'. A database without the demo plant's device
 * types gets nothing.
 */
export async function addMissingDemoRegisters(
  db: Database,
  plant: PlantDefinition = demoPlant,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const types = await tx.select({ id: deviceTypes.id, name: deviceTypes.name }).from(deviceTypes);
    const sameTypes = plant.deviceTypes.every((type) =>
      types.some((t) => t.id === type.id && t.name === type.name),
    );
    if (!sameTypes) return [];
    const isPlantCommand = await addMissingCommands(tx, plant);
    const added = await addMissingTags(tx, plant, isPlantCommand);
    return added.map((tag) => {
      const command = plant.commands.find(
        (c) => c.kind === tag.command_kind && c.id === tag.command_id,
      );
      return `${tag.device_id}: ${command?.label ?? ''}`;
    });
  });
}
