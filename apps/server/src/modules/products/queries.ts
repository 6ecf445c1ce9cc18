import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export function listProducts(db: Db) {
  return db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.id));
}
