import type { CreateProductBody, Product, UpdateProductBody } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { ProductRepository, ProductRow } from './product-repository.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

export function presentProduct(p: ProductRow): Product {
  return {
    product_id: p.id,
    product_name: p.name,
    product_description: p.description,
    product_lot_number: p.lotNumber,
    batch_weight: p.batchWeight,
    min_batch_weight: p.minBatchWeight,
    max_batch_weight: p.maxBatchWeight,
    product_recipes: p.recipes.map((r) => ({
      bean_id: r.beanId,
      ratio: r.ratio,
      bean: { bean_name: r.beanName },
    })),
  };
}

/** A recipe as the events log writes it: '60% Brazil Santos, 40% Ethiopia Yirgacheffe'. */
function recipeText(p: Product): string {
  return p.product_recipes.map((r) => `${r.ratio}% ${r.bean.bean_name}`).join(', ');
}

/** Products are roasts sold under a name: a single origin or a blend of beans by ratio. */
export class ProductService {
  readonly #repo: ProductRepository;
  readonly #changed: ConfigChanged;

  constructor(repo: ProductRepository, changed: ConfigChanged) {
    this.#repo = repo;
    this.#changed = changed;
  }

  async list(): Promise<Product[]> {
    return (await this.#repo.list()).map(presentProduct);
  }

  /** Every recipe line with its product, for screens that list blends by bean. */
  async recipeLines() {
    return (await this.#repo.list()).flatMap((p) =>
      p.recipes.map((r) => ({
        product_id: p.id,
        product_name: p.name,
        bean_id: r.beanId,
        bean_name: r.beanName,
        ratio: r.ratio,
      })),
    );
  }

  async create(body: CreateProductBody, by: string): Promise<Product> {
    const product = await this.#save(undefined, body);
    this.#changed({ area: 'product', action: 'created', target: product.product_name, by });
    return product;
  }

  /** A product's fields and its recipe (the beans of a blend and their ratios) together. */
  async update(id: number, body: UpdateProductBody, by: string): Promise<Product> {
    if (!(await this.#repo.find(id))) throw notFound('Product not found.');
    const product = await this.#save(id, body);
    this.#changed({
      area: 'product',
      action: `changed, recipe: ${recipeText(product)}`,
      target: product.product_name,
      by,
    });
    return product;
  }

  async delete(id: number, by: string): Promise<void> {
    const row = await this.#repo.find(id);
    try {
      if (!row || !(await this.#repo.delete(id))) throw notFound('Product not found.');
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw conflict('This product is used by orders and cannot be deleted.');
      throw error;
    }
    this.#changed({ area: 'product', action: 'deleted', target: row.name, by });
  }

  async #save(id: number | undefined, body: UpdateProductBody): Promise<Product> {
    const { product, product_recipes: recipe } = body;
    const known = await this.#repo.existingBeans(recipe.map((r) => r.bean_id));
    const missing = recipe.filter((r) => !known.has(r.bean_id)).map((r) => r.bean_id);
    if (missing.length)
      throw unprocessable(`Unknown bean(s) in the recipe: ${missing.join(', ')}.`);
    try {
      const saved = await this.#repo.save(
        id,
        {
          name: product.product_name,
          description: product.product_description,
          batchWeight: product.batch_weight ?? null,
          minBatchWeight: product.min_batch_weight,
          maxBatchWeight: product.max_batch_weight,
        },
        recipe.map((r) => ({ beanId: r.bean_id, ratio: r.ratio })),
      );
      const row = await this.#repo.find(saved);
      if (!row) throw notFound('Product not found.');
      return presentProduct(row);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(`A product named '${product.product_name}' already exists.`);
      throw error;
    }
  }
}
