import type { AppContext } from '../../context.ts';
import * as q from './queries.ts';

export function productsService({ db }: AppContext) {
  return {
    /** The same for every vendor: products are the MLS's catalogue, not vendor data. */
    list: () => q.listProducts(db),
  };
}
