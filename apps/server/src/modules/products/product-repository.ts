import { asc, eq, inArray } from 'drizzle-orm';
import { beans, productRecipes, products, type Database } from '@roastery/db';

export type ProductRow = typeof products.$inferSelect & {
  recipes: { beanId: number; beanName: string; ratio: number }[];
};
export type ProductFields = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export class ProductRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async list(ids?: number[]): Promise<ProductRow[]> {
    const rows = await this.#db
      .select()
      .from(products)
      .where(ids ? inArray(products.id, ids) : undefined)
      .orderBy(asc(products.name));
    const recipes = await this.#db
      .select({
        productId: productRecipes.productId,
        beanId: productRecipes.beanId,
        beanName: beans.name,
        ratio: productRecipes.ratio,
      })
      .from(productRecipes)
      .innerJoin(beans, eq(beans.id, productRecipes.beanId))
      .orderBy(asc(productRecipes.productId), asc(beans.name));
    return rows.map((p) => ({
      ...p,
      recipes: recipes.filter((r) => r.productId === p.id).map(({ productId: _p, ...r }) => r),
    }));
  }

  async find(id: number): Promise<ProductRow | undefined> {
    return (await this.list([id]))[0];
  }

  async existingBeans(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.#db.select({ id: beans.id }).from(beans).where(inArray(beans.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  /** Writes a product and replaces its recipe, in one transaction. */
  async save(
    id: number | undefined,
    fields: ProductFields,
    recipe: { beanId: number; ratio: number }[],
  ): Promise<number> {
    return this.#db.transaction(async (tx) => {
      let productId = id;
      if (productId === undefined) {
        const [created] = await tx.insert(products).values(fields).returning({ id: products.id });
        if (!created) throw new Error('insert returned no row');
        productId = created.id;
      } else {
        await tx
          .update(products)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(products.id, productId));
        await tx.delete(productRecipes).where(eq(productRecipes.productId, productId));
      }
      await tx
        .insert(productRecipes)
        .values(recipe.map((r) => ({ productId, beanId: r.beanId, ratio: r.ratio })));
      return productId;
    });
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.#db
      .delete(products)
      .where(eq(products.id, id))
      .returning({ id: products.id });
    return rows.length > 0;
  }
}
