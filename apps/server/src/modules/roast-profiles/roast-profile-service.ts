import type {
  AlogForm,
  AlogPreview,
  CreateRoastProfileBody,
  EndCondition,
  ReviseRoastProfileBody,
  RoastProfile,
  RoastProfileDetail,
  RoastProfileSettings,
  RoastProfileVersion,
  TemperatureUnit,
} from '@roastery/contract';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import { isRoaster, roasters } from '../../plant/catalog/plant-choices.ts';
import type { Principal } from '../../principal.ts';
import { formatLbs } from '../devices/format-lbs.ts';
import { writeAlog } from './artisan-alog.ts';
import { alogDisposition, alogRecord, inUnit, previewAlog } from './profile-alog.ts';
import type {
  ProfileRow,
  RoasterRow,
  RoastProfileRepository,
  VersionFields,
  VersionRow,
} from './roast-profile-repository.ts';

export interface RoastProfileServiceDeps {
  repo: RoastProfileRepository;
  /** The plant's catalog, also when the PLC runtime is not running: it says what a roaster is. */
  catalog: () => Promise<PlantCatalog>;
}

/** A profile's version as a batch names it. */
export interface ProfileVersionRef {
  id: number;
  name: string;
  version: number;
}

/** What the profile form offers. */
export interface RoastProfileForm {
  products: { product_id: number; product_name: string }[];
  roasters: { code: string; name: string; capacity_lbs: number | null }[];
}

/** A version's reference curve as a file to download. */
export interface AlogDownload {
  text: string;
  disposition: string;
}

function presentVersion(row: VersionRow): RoastProfileVersion {
  return {
    version: row.version,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    reason: row.reason,
    source: { kind: row.sourceKind, file_name: row.sourceFile },
    settings: {
      charge_temperature_f: row.chargeTemperatureF,
      batch_min_lbs: row.batchMinLbs,
      batch_max_lbs: row.batchMaxLbs,
      reference: row.reference,
      power: row.power,
      end: { kind: row.endKind, value: row.endValue } as EndCondition,
      dry_end_f: row.dryEndF,
      notes: row.notes,
    },
  };
}

function present(row: ProfileRow, current: VersionRow): RoastProfile {
  return {
    id: row.id,
    name: row.name,
    product_id: row.productId,
    product_name: row.productName,
    roaster: row.roasterCode,
    roaster_name: row.roasterName,
    current: presentVersion(current),
  };
}

/** A version's columns from the settings a person saved. */
export function versionFields(
  settings: RoastProfileSettings,
  made: { by: string; reason: string; sourceFile: string | null },
): VersionFields {
  return {
    createdBy: made.by,
    reason: made.reason,
    sourceKind: made.sourceFile ? 'alog' : 'manual',
    sourceFile: made.sourceFile,
    chargeTemperatureF: settings.charge_temperature_f,
    batchMinLbs: settings.batch_min_lbs,
    batchMaxLbs: settings.batch_max_lbs,
    reference: settings.reference,
    power: settings.power,
    endKind: settings.end.kind,
    endValue: settings.end.value,
    dryEndF: settings.dry_end_f,
    notes: settings.notes,
  };
}

/**
 * Roast profiles: how each product is roasted on each roaster, one version per change. A
 * version is never changed once saved, so a batch can name the one it ran.
 */
export class RoastProfileService {
  readonly #d: RoastProfileServiceDeps;

  constructor(deps: RoastProfileServiceDeps) {
    this.#d = deps;
  }

  /** Every profile with its current version, by product name, then roaster. */
  /**
   * The recipe a batch of the product on the roaster runs: its profile's latest version, or
   * undefined when the product has no profile there (the batch then runs on its workflow alone).
   */
  currentVersionOf(productId: number, roasterCode: string): Promise<ProfileVersionRef | undefined> {
    return this.#d.repo.currentOf(productId, roasterCode);
  }

  /** The names of profiles batches name, by id. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return this.#d.repo.names(ids);
  }

  async list(): Promise<RoastProfile[]> {
    const rows = await this.#d.repo.list();
    const latest = await this.#d.repo.latestVersions(rows.map((r) => r.id));
    return rows.flatMap((row) => {
      const current = latest.get(row.id);
      return current ? [present(row, current)] : [];
    });
  }

  async form(): Promise<RoastProfileForm> {
    const [products, roasterRows] = await Promise.all([this.#d.repo.products(), this.#roasters()]);
    return {
      products: products.map((p) => ({ product_id: p.id, product_name: p.name })),
      roasters: roasterRows.map((r) => ({
        code: r.code,
        name: r.name,
        capacity_lbs: r.batchCapacity,
      })),
    };
  }

  /** A profile with its history, newest version first. */
  async get(id: number): Promise<RoastProfileDetail> {
    const row = await this.#require(id);
    const versions = await this.#d.repo.versions(id);
    const [current] = versions;
    if (!current) throw notFound(`Roast profile ${id} does not exist.`);
    return {
      ...present(row, current),
      versions: versions.map((v) => {
        const { settings: _settings, ...entry } = presentVersion(v);
        return entry;
      }),
    };
  }

  async version(id: number, version: number): Promise<RoastProfileVersion> {
    return presentVersion((await this.#version(id, version)).row);
  }

  async create(body: CreateRoastProfileBody, who: Principal): Promise<RoastProfileDetail> {
    const product = await this.#d.repo.product(body.product_id);
    if (!product) throw unprocessable(`There is no product ${body.product_id}.`);
    const roaster = await this.#roaster(body.roaster);
    this.#withinCapacity(roaster, body.settings);
    const taken = () => conflict(`${product.name} already has a roast profile on ${roaster.name}.`);
    if (await this.#d.repo.profileOf(product.id, roaster.id)) throw taken();
    let id: number;
    try {
      id = await this.#d.repo.create(
        { name: body.name, productId: product.id, roasterDevice: roaster.id },
        versionFields(body.settings, {
          by: who.username,
          reason: '',
          sourceFile: body.source_file,
        }),
      );
    } catch (error) {
      // Another request made the same product's profile on this roaster in the meantime.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return this.get(id);
  }

  /** Saves the settings as the profile's next version; the versions before it stay as they were. */
  async revise(
    id: number,
    body: ReviseRoastProfileBody,
    who: Principal,
  ): Promise<RoastProfileDetail> {
    const row = await this.#require(id);
    const [roaster] = await this.#d.repo.devicesByCode([row.roasterCode]);
    if (roaster) this.#withinCapacity(roaster, body.settings);
    await this.#d.repo.revise(
      id,
      versionFields(body.settings, {
        by: who.username,
        reason: body.reason,
        sourceFile: body.source_file,
      }),
    );
    return this.get(id);
  }

  /** What an Artisan file would give a profile; nothing is saved. */
  preview(text: string): AlogPreview {
    return previewAlog(text);
  }

  /** A version's reference curve as an Artisan .alog, in the form and the unit asked for. */
  async alog(
    id: number,
    version: number,
    options: { form: AlogForm; unit: TemperatureUnit },
  ): Promise<AlogDownload> {
    const { profile, row } = await this.#version(id, version);
    const title = `${profile.name} v${row.version}`;
    const record = alogRecord(row.reference, {
      title,
      beans: profile.productName,
      roastDate: row.createdAt.toISOString(),
    });
    return {
      text: writeAlog(inUnit(record, options.unit), { form: options.form }),
      disposition: alogDisposition(title),
    };
  }

  async #require(id: number): Promise<ProfileRow> {
    const row = await this.#d.repo.find(id);
    if (!row) throw notFound(`Roast profile ${id} does not exist.`);
    return row;
  }

  async #version(id: number, version: number): Promise<{ profile: ProfileRow; row: VersionRow }> {
    const profile = await this.#require(id);
    const row = await this.#d.repo.version(id, version);
    if (!row) throw notFound(`Roast profile ${id} has no version ${version}.`);
    return { profile, row };
  }

  /** The plant's roasters, as the catalog names them, with their nameplates. */
  async #roasters(): Promise<RoasterRow[]> {
    const catalog = await this.#d.catalog();
    return this.#d.repo.devicesByCode(roasters(catalog).map((r) => r.device_id));
  }

  async #roaster(code: string): Promise<RoasterRow> {
    const [device] = await this.#d.repo.devicesByCode([code]);
    if (!device) throw unprocessable(`There is no device ${code}.`);
    if (!isRoaster(await this.#d.catalog(), device.code)) {
      throw unprocessable(`${device.name} (${device.code}) is not a roaster.`);
    }
    return device;
  }

  #withinCapacity(roaster: RoasterRow, settings: RoastProfileSettings): void {
    const capacity = roaster.batchCapacity;
    if (capacity !== null && settings.batch_max_lbs > capacity) {
      throw unprocessable(
        `${roaster.name} takes batches of at most ${formatLbs(capacity)}; the largest batch here is ${formatLbs(settings.batch_max_lbs)}.`,
      );
    }
  }
}
