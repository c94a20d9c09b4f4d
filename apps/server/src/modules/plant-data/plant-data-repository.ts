import { eq } from 'drizzle-orm';
import {
  DEFAULT_PLANT_DATA_CONFIG,
  plantDataConfig,
  type PlantDataConfig,
} from '@roastery/contract';
import { plantDataSettings, type Database } from '@roastery/db';

/** The one stored configuration of plant-data publishing. */
export class PlantDataRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * The stored configuration, or the defaults (off) before an administrator saved one. Fields a
   * later version added take their defaults.
   */
  async load(): Promise<PlantDataConfig> {
    const [row] = await this.#db
      .select({ config: plantDataSettings.config })
      .from(plantDataSettings)
      .where(eq(plantDataSettings.id, 1));
    if (!row) return DEFAULT_PLANT_DATA_CONFIG;
    return plantDataConfig.parse({ ...DEFAULT_PLANT_DATA_CONFIG, ...row.config });
  }

  async save(config: PlantDataConfig, by: string): Promise<void> {
    const values = { config, updatedBy: by, updatedAt: new Date() };
    await this.#db
      .insert(plantDataSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: plantDataSettings.id, set: values });
  }
}
