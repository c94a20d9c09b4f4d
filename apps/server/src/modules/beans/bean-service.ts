import { greenLotProblem, type Bean, type SaveBeanBody } from '@roastery/contract';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { BeanRepository, BeanRow } from './bean-repository.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

export function presentBean(b: BeanRow): Bean {
  return {
    id: b.id,
    bean_name: b.name,
    bean_id: b.code,
    description: b.description,
    bins: b.bins.map((x) => x.code),
    bin_names: b.bins.map((x) => x.name),
    segregation: b.segregation,
    typical_moisture_pct: b.typicalMoisturePct,
    typical_density_g_per_l: b.typicalDensityGPerL,
  };
}

export class BeanService {
  readonly #repo: BeanRepository;
  readonly #changed: ConfigChanged;

  constructor(repo: BeanRepository, changed: ConfigChanged) {
    this.#repo = repo;
    this.#changed = changed;
  }

  async list(): Promise<Bean[]> {
    return (await this.#repo.list()).map(presentBean);
  }

  /** One bean as the screens show it, or undefined when there is none with this id. */
  async find(id: number): Promise<Bean | undefined> {
    const row = await this.#repo.find(id);
    return row && presentBean(row);
  }

  /** Device ids for codes, as bean bins and routes name devices; unknown codes are missing. */
  devicesByCode(codes: string[]): Promise<Map<string, number>> {
    return this.#repo.devicesByCode(codes);
  }

  async create(body: SaveBeanBody, by: string): Promise<Bean> {
    const bean = await this.#save(undefined, body);
    this.#changed({ area: 'bean', action: 'created', target: bean.bean_name, by });
    return bean;
  }

  async update(id: number, body: SaveBeanBody, by: string): Promise<Bean> {
    if (!(await this.#repo.find(id))) throw notFound('Bean not found.');
    const bean = await this.#save(id, body);
    this.#changed({ area: 'bean', action: 'changed', target: bean.bean_name, by });
    return bean;
  }

  async #save(id: number | undefined, { bean }: SaveBeanBody): Promise<Bean> {
    const typical = {
      moisture_pct: bean.typical_moisture_pct ?? null,
      density_g_per_l: bean.typical_density_g_per_l ?? null,
    };
    const problem = greenLotProblem(typical);
    // An out-of-range number is a 400 with the form's words, as every number field's (ADR 0039).
    if (problem) throw badRequest(problem);
    const devices = await this.#repo.devicesByCode(bean.bins);
    const unknown = bean.bins.filter((code) => !devices.has(code.toLowerCase()));
    if (unknown.length) throw unprocessable(`Unknown bins: ${unknown.join(', ')}.`);
    try {
      const saved = await this.#repo.save(
        id,
        {
          name: bean.bean_name,
          code: bean.bean_id ?? null,
          description: bean.description,
          segregation: bean.segregation ?? null,
          typicalMoisturePct: typical.moisture_pct,
          typicalDensityGPerL: typical.density_g_per_l,
        },
        [...new Set(devices.values())],
      );
      const row = await this.#repo.find(saved);
      if (!row) throw notFound('Bean not found.');
      return presentBean(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(`A bean named '${bean.bean_name}' already exists.`);
      throw error;
    }
  }
}
