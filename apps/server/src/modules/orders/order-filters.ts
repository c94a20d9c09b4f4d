import { INT32_MAX, orderWhere, type OrderWhere } from '@roastery/contract';
import { badRequest } from '../../lib/http-errors.ts';

/** The filter fields a list query may carry, as the services read them. */
export interface ListFilter {
  id?: number;
  /** The customer contains each of these texts. */
  customers?: string[];
  productId?: number;
  orderDate?: { gte?: Date; lt?: Date };
  fulfillmentDate?: { gte?: Date; lt?: Date };
  /** A search that can match nothing (an order number beyond any id). */
  none?: true;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.length ? `where.${path.map(String).join('.')}` : 'where';
}

/**
 * Parses the JSON `where` of a list against the allow-list (the contract's orderWhere): unknown
 * fields, wrong types, SQL text in a number field and out-of-range values are refused with 400,
 * naming the field. Nothing of it reaches SQL but typed values bound to known columns.
 */
export function parseWhere(text: string | undefined): OrderWhere {
  if (text === undefined || text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('The where filter is not valid JSON.');
  }
  const parsed = orderWhere.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${issuePath(issue.path)}: ${issue.message}`)
      .join('; ');
    throw badRequest(
      `The where filter accepts order_id, order_customer, order_product, order_date and fulfillment_date (dates as gte/lt): ${detail}.`,
    );
  }
  return parsed.data;
}

const range = (r: { gte?: string | undefined; lt?: string | undefined } | undefined) =>
  r && {
    ...(r.gte ? { gte: new Date(r.gte) } : {}),
    ...(r.lt ? { lt: new Date(r.lt) } : {}),
  };

/**
 * The search box: digits (leading zeros stripped) search the order number, anything else the
 * customer. '000123' finds order 123; a number no order can have finds nothing.
 */
export function searchFilter(query: string | undefined): ListFilter {
  const text = query?.trim() ?? '';
  if (!text) return {};
  if (/^\d+$/.test(text)) {
    const digits = text.replace(/^0+/, '');
    if (!digits || digits.length > 10 || Number(digits) > INT32_MAX) return { none: true };
    return { id: Number(digits) };
  }
  return { customers: [text] };
}

/** The list filter of a where and a search together; both must hold. */
export function listFilter(where: OrderWhere, query: string | undefined): ListFilter {
  const search = searchFilter(query);
  if (search.none) return search;
  if (search.id !== undefined && where.order_id !== undefined && search.id !== where.order_id)
    return { none: true };
  const orderDate = range(where.order_date);
  const fulfillmentDate = range(where.fulfillment_date);
  const customers = [where.order_customer, ...(search.customers ?? [])].filter(
    (c): c is string => c !== undefined && c !== '',
  );
  const id = search.id ?? where.order_id;
  return {
    ...(id !== undefined ? { id } : {}),
    ...(customers.length ? { customers } : {}),
    ...(where.order_product !== undefined ? { productId: where.order_product } : {}),
    ...(orderDate ? { orderDate } : {}),
    ...(fulfillmentDate ? { fulfillmentDate } : {}),
  };
}
