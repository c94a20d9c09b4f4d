import type { CreateProductBody, Product, UpdateProductBody } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { ProductRepository, ProductRow } from './product-repository.ts';

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

/** Products are roasts sold under a name: a single origin or a blend of beans by ratio. */
export class ProductService {
  readonly #repo: ProductRepository;

  constructor(repo: ProductRepository) {
    this.#repo = repo;
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

  create(body: CreateProductBody): Promise<Product> {
    return this.#save(undefined, body);
  }

  async update(id: number, body: UpdateProductBody): Promise<Product> {
    if (!(await this.#repo.find(id))) throw notFound('Product not found.');
    return this.#save(id, body);
  }

  async delete(id: number): Promise<void> {
    try {
      if (!(await this.#repo.delete(id))) throw notFound('Product not found.');
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw conflict('This product is used by orders and cannot be deleted.');
      throw error;
    }
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
