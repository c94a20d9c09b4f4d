import {
  ProfileController,
  type ControlledProfile,
} from '../src/modules/roast-control/profile-controller.ts';
import {
  demoProfileSettings,
  demoRoast,
} from '../src/modules/roast-profiles/seed-demo-roast-profiles.ts';

export { PlantCatalog } from '../src/plant/catalog/plant-catalog.ts';
export { ProfileController };
export type {
  ControlOutput,
  ControlledProfile,
} from '../src/modules/roast-control/profile-controller.ts';

/** The demo's profile on a roaster, as the database seeds it, as the controller runs it. */
export function demoControlledProfile(roasterCode: string): ControlledProfile {
  return demoProfileSettings(demoRoast(), roasterCode);
}
