import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { RoastingOrder } from '@roastery/contract';
import { ordersCsv, ordersCsvFileName } from './orders-csv.ts';

function order(fields: Partial<RoastingOrder>): RoastingOrder {
  return {
    order_id: 1,
    order_name: '',
    order_customer: '',
    order_product: 1,
    product_name: 'House Blend',
    product: {
      product_id: 1,
      product_name: 'House Blend',
      product_description: '',
      product_recipes: [],
      batch_weight: 500,
      min_batch_weight: 0,
      max_batch_weight: 5000,
    },
    order_qty: 1000,
    split_qty: 1000,
    split_amt: 500,
    total_split: 2,
    reaming_batch: 2,
    batch: null,
    override_batch: false,
    rule_id: 1,
    rule_name: 'Roast R1',
    roast_device: 'R1',
    roast_device_name: 'Roaster 1',
    destination_device: 'WRB1',
    destination_device_name: 'WRB Bin 1',
    priority: 'medium',
    order_status: 0,
    status: 0,
    ord_tig: 0,
    failure: null,
    order_date: new Date(2026, 4, 13).toISOString(),
    fulfillment_date: new Date(2026, 4, 20, 12).toISOString(),
    started_at: null,
    finished_at: null,
    ...fields,
  };
}

describe('ordersCsv', () => {
  it('writes the six columns of the spec', () => {
    const csv = ordersCsv([
      order({ order_id: 42, order_customer: 'Smith, John', order_qty: 1200.5 }),
      order({ order_id: 43, order_customer: 'Cafe', fulfillment_date: null }),
    ]);
    expect(csv).toBe(
      'order_id,order_customer,product_name,order_qty,order_date,fulfillment_date\r\n' +
        '42,"Smith, John",House Blend,1200.5,2026-05-13,2026-05-20\r\n' +
        '43,Cafe,House Blend,1000,2026-05-13,\r\n',
    );
  });

  it("names the file 'orders-{timestamp}'", () => {
    expect(ordersCsvFileName(dayjs(new Date(2026, 4, 13, 9, 5, 7)))).toBe(
      'orders-20260513090507.csv',
    );
  });
});
