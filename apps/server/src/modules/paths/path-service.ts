import {
  GREEN_SILO_TYPE_ID,
  Stage,
  orderNumber,
  type PathForm,
  type PlantDevice,
  type RoastingPath,
  type RoastingPathBody,
} from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import {
  destinationBins,
  isRoaster,
  roasterOf,
  roasters,
} from '../../plant/catalog/plant-choices.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { PathRoute } from './path-match.ts';
import type { PathFields, PathRepository, PathRow } from './path-repository.ts';

export interface PathServiceDeps {
  repo: PathRepository;
  workflows: WorkflowService;
  /** The plant's catalog, also when the PLC runtime is not running. */
  catalog: () => Promise<PlantCatalog>;
  hub: EventHub;
}

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function present(row: PathRow): RoastingPath {
  const device = (d: { code: string; name: string }) => ({
    device_id: d.code,
    device_name: d.name,
  });
  return {
    id: row.id,
    name: row.name,
    start_silos: row.silos.map(device),
    roaster: device(row.roaster),
    destination: device(row.destination),
    workflow: { id: row.workflowId, name: row.workflowName },
    enabled: row.enabled,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Green silos a batch can draw from: the green stage's silo type, never a virtual bin. */
function greenSilos(catalog: PlantCatalog): PlantDevice[] {
  return catalog.definition.devices.filter(
    (d) => d.device_type === GREEN_SILO_TYPE_ID && d.device_stage === Stage.Green && !d.virtual,
  );
}

/**
 * Roasting paths: which green silos, roaster, roasted-bean bin and roasting workflow a
 * supervisor allows together. Devices are checked by their kind in the plant catalog, the
 * workflow by the roaster it roasts on. Every change is published on the hub for the events log.
 */
export class PathService {
  readonly #d: PathServiceDeps;

  constructor(deps: PathServiceDeps) {
    this.#d = deps;
  }

  async list(): Promise<RoastingPath[]> {
    return (await this.#d.repo.list()).map(present);
  }

  /** Every path, enabled or not, as an order start matches it; undefined when none is defined. */
  async routes(): Promise<PathRoute[] | undefined> {
    const rows = await this.#d.repo.list();
    if (rows.length === 0) return undefined;
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      enabled: r.enabled,
      silos: r.silos.map((s) => s.code),
      roaster: r.roaster.code,
      destination: r.destination.code,
      workflowId: r.workflowId,
      workflowName: r.workflowName,
    }));
  }

  /** The silos of a path an order runs along; undefined when the path is gone. */
  async silosOf(id: number): Promise<string[] | undefined> {
    return (await this.#d.repo.get(id))?.silos.map((s) => s.code);
  }

  /** What the form offers: green silos, roasters, roasted-bean bins and roasting workflows. */
  async form(): Promise<PathForm> {
    const catalog = await this.#d.catalog();
    const { workflows } = this.#d;
    const roasting = await Promise.all(
      (await workflows.list('roasting')).map((w) => workflows.workflow(w.id)),
    );
    const device = (d: { device_id: string; device_name: string }) => ({
      device_id: d.device_id,
      device_name: d.device_name,
    });
    return {
      silos: greenSilos(catalog).map(device),
      roasters: roasters(catalog).map(device),
      destinations: destinationBins(catalog).map(device),
      workflows: roasting.flatMap((w) =>
        w
          ? [{ id: w.id, name: w.name, roaster_id: roasterOf(catalog, w.steps)?.device_id ?? null }]
          : [],
      ),
    };
  }

  async create(body: RoastingPathBody, who: Principal): Promise<RoastingPath> {
    const fields = await this.#check(body);
    const id = await this.#write(body, () => this.#d.repo.insert(fields, who.id));
    this.#d.hub.publish({
      type: 'path',
      id,
      name: fields.name,
      change: 'created',
      by: who.fullName,
    });
    return this.#present(id);
  }

  async update(id: number, body: RoastingPathBody, who: Principal): Promise<RoastingPath> {
    const before = await this.#require(id);
    await this.#notUnderWay(before);
    const fields = await this.#check(body, id);
    const updated = await this.#write(body, () => this.#d.repo.update(id, fields, who.id));
    if (!updated) throw notFound('Path not found.');
    this.#d.hub.publish({
      type: 'path',
      id,
      name: fields.name,
      change: 'edited',
      by: who.fullName,
    });
    return this.#present(id);
  }

  async delete(id: number, who: Principal): Promise<void> {
    const path = await this.#require(id);
    await this.#notUnderWay(path);
    if (!(await this.#d.repo.delete(id))) throw notFound('Path not found.');
    this.#d.hub.publish({ type: 'path', id, name: path.name, change: 'deleted', by: who.fullName });
  }

  /** Why a device cannot go: the paths that name it. */
  async usesOfDevice(code: string): Promise<string[]> {
    return (await this.#d.repo.usingDevice(code)).map((name) => `roasting path '${name}'`);
  }

  async #require(id: number): Promise<PathRow> {
    const row = await this.#d.repo.get(id);
    if (!row) throw notFound('Path not found.');
    return row;
  }

  async #present(id: number): Promise<RoastingPath> {
    return present(await this.#require(id));
  }

  /** A path that an order is roasting along keeps its silos until the order ends. */
  async #notUnderWay(path: PathRow): Promise<void> {
    const orders = await this.#d.repo.ordersUnderWay(path.id);
    if (orders.length > 0) {
      throw conflict(
        `Order ${orders.map(orderNumber).join(', ')} is roasting along the path '${path.name}': change it when the order has ended.`,
      );
    }
  }

  async #write<T>(body: RoastingPathBody, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A path named '${body.name}' already exists.`);
      throw error;
    }
  }

  /** The body's devices by kind in the catalog, its workflow roasting on its roaster, no twin. */
  async #check(body: RoastingPathBody, id?: number): Promise<PathFields> {
    const catalog = await this.#d.catalog();
    const find = (code: string) =>
      catalog.definition.devices.find((d) => !d.virtual && sameCode(d.device_id, code));
    const seen = new Set<string>();
    for (const code of body.start_silos) {
      const silo = find(code);
      if (!silo) throw unprocessable(`There is no device ${code}.`);
      if (!greenSilos(catalog).includes(silo))
        throw unprocessable(`${silo.device_name} (${silo.device_id}) is not a green silo.`);
      if (seen.has(silo.device_id)) throw unprocessable(`${silo.device_name} is listed twice.`);
      seen.add(silo.device_id);
    }
    const roaster = find(body.roaster_id);
    if (!roaster) throw unprocessable(`There is no device ${body.roaster_id}.`);
    if (!isRoaster(catalog, roaster.device_id))
      throw unprocessable(`${roaster.device_name} (${roaster.device_id}) is not a roaster.`);
    const destination = find(body.destination_id);
    if (!destination) throw unprocessable(`There is no device ${body.destination_id}.`);
    if (!destinationBins(catalog).some((d) => d.device_id === destination.device_id)) {
      throw unprocessable(
        `${destination.device_name} (${destination.device_id}) is not a roasted-bean bin.`,
      );
    }
    const workflow = await this.#d.workflows.workflow(body.workflow_id);
    if (!workflow) throw unprocessable(`There is no workflow ${body.workflow_id}.`);
    if (workflow.type !== 'roasting')
      throw unprocessable(`'${workflow.name}' is not a roasting workflow.`);
    const roastsOn = roasterOf(catalog, workflow.steps);
    if (!roastsOn || !sameCode(roastsOn.device_id, roaster.device_id)) {
      throw unprocessable(
        `'${workflow.name}' roasts on ${roastsOn ? roastsOn.device_name : 'no roaster'}, not on ${roaster.device_name}.`,
      );
    }
    const silos = [...seen];
    const twin = (await this.#d.repo.list()).find(
      (p) =>
        p.id !== id &&
        p.workflowId === workflow.id &&
        sameCode(p.roaster.code, roaster.device_id) &&
        sameCode(p.destination.code, destination.device_id) &&
        p.silos.length === silos.length &&
        p.silos.every((s) => seen.has(s.code)),
    );
    if (twin) throw conflict(`The path '${twin.name}' already goes this way.`);
    const refs = await this.#d.repo.deviceRefs([
      ...silos,
      roaster.device_id,
      destination.device_id,
    ]);
    const ref = (code: string) => {
      const found = refs.get(code.toLowerCase());
      if (!found) throw unprocessable(`There is no device ${code}.`);
      return found.ref;
    };
    return {
      name: body.name,
      roasterRef: ref(roaster.device_id),
      destinationRef: ref(destination.device_id),
      workflowId: workflow.id,
      enabled: body.enabled,
      siloRefs: silos.map(ref),
    };
  }
}
