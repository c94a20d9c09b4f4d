import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { buildTestApp, type ApiCaller, type TestApp } from '../test/helper.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp();
  admin = t.as(Role.Administrator);
});
afterAll(() => t.close());

const node = (counts: { targetCount: number; sourceCount: number }) => ({
  id: 'GS1',
  type: 'custom',
  data: { label: 'Green Silo 1', ...counts },
  position: { x: 0, y: 0 },
});

/**
 * Every number a form asks for, out of its range: the server refuses it and says the range,
 * as the form does. Nothing is cut to fit or rounded.
 */
const outOfRange: {
  what: string;
  method: 'POST' | 'PUT';
  url: string;
  body: object;
  message: string;
}[] = [
  {
    what: 'a dump of more than 100,000 lbs',
    method: 'POST',
    url: '/api/dump/create',
    body: { amount: 100_000.5, bean_id: 1 },
    message: 'amount: The amount must be at most 100,000 lbs.',
  },
  {
    what: 'a roasting order of more than 1,000,000 lbs',
    method: 'POST',
    url: '/api/orders',
    body: { order_qty: 99_999_999 },
    message: 'order_qty: Must be at most 1,000,000 lbs.',
  },
  {
    what: 'a roasting order of 0 lbs',
    method: 'POST',
    url: '/api/orders',
    body: { order_qty: 0 },
    message: 'order_qty: Must be more than 0 lbs.',
  },
  {
    what: 'half a batch',
    method: 'POST',
    url: '/api/orders',
    body: { total_split: 2.5 },
    message: 'total_split: The number of batches must be a whole number between 1 and 1,000.',
  },
  {
    what: 'more batches than an order may have',
    method: 'POST',
    url: '/api/orders',
    body: { total_split: 1001 },
    message: 'total_split: The number of batches must be a whole number between 1 and 1,000.',
  },
  {
    what: 'a packing quantity below 0',
    method: 'POST',
    url: '/api/orders/packing/create',
    body: { product_id: 1, order_qty: -5 },
    message: 'order_qty: The packing quantity must be between 0 and 1,000,000 lbs.',
  },
  {
    what: 'a device position of 1.5',
    method: 'POST',
    url: '/api/orders/flow',
    body: { order_id: 1, devicePosition: 1.5 },
    message: 'devicePosition: The device position must be a whole number, 1 or more.',
  },
  {
    what: 'a bean ratio of 150%',
    method: 'POST',
    url: '/api/product',
    body: {
      product: { product_name: 'House Blend' },
      product_recipes: [{ bean_id: 1, ratio: 150 }],
    },
    message: 'product_recipes.0.ratio: A bean ratio must be between 1 and 100.',
  },
  {
    what: 'a negative batch size',
    method: 'POST',
    url: '/api/product',
    body: {
      product: { product_name: 'House Blend', min_batch_weight: -1 },
      product_recipes: [{ bean_id: 1, ratio: 100 }],
    },
    message: 'product.min_batch_weight: Must be between 0 and 1,000,000 lbs.',
  },
  {
    what: 'a fractional bean id',
    method: 'POST',
    url: '/api/bean',
    body: { bean: { bean_name: 'Kenya AA', bean_id: 2.5 } },
    message: 'bean.bean_id: The Bean ID must be a whole number, 1 or more.',
  },
  {
    what: 'a timeout of more than a day',
    method: 'PUT',
    url: '/api/workflow/1/settings',
    body: { type: 'wait_timeout_s', value: 86_401 },
    message: 'value: A timeout must be a whole number between 1 and 86,400 seconds.',
  },
  {
    what: 'a node with 9 handles',
    method: 'POST',
    url: '/api/diagram/c/update',
    body: { id: 1, nodes: [node({ targetCount: 9, sourceCount: 1 })], edges: [] },
    message: 'nodes.0.data.targetCount: A node has a whole number of handles between 1 and 5.',
  },
  {
    what: 'a status id of 0',
    method: 'POST',
    url: '/api/device-status',
    body: { led_id: 0 },
    message: 'led_id: The status id must be a whole number, 1 or more.',
  },
  {
    what: 'a fractional status command value',
    method: 'POST',
    url: '/api/device-status',
    body: { led_id: 1, type: 'input', command_value: 1.5 },
    message: 'command_value: The command value must be a whole number',
  },
  {
    what: 'an Alarm ID beyond 65535',
    method: 'POST',
    url: '/api/alarm-text',
    body: { device_id: 'GS1', index: 70_000, message: 'Overheat' },
    message: 'index: The Alarm ID must be at most 65535',
  },
  {
    what: 'a device capacity beyond 10,000,000',
    method: 'POST',
    url: '/api/device/create',
    body: { device_id: 'GS99', capacity: 20_000_000 },
    message: 'capacity: Device Capacity must be at most 10,000,000',
  },
  {
    what: 'a PLC address beyond 65535 and a scale of 0',
    method: 'PUT',
    url: '/api/device/tags/GS1',
    body: {
      tags: [
        {
          command_kind: 'input',
          command_id: 1,
          area: 'holding',
          address: 70_000,
          data_type: 'uint16',
          scale: 0,
          feedback_command_id: null,
        },
      ],
    },
    message:
      'tags.0.address: The address must be a whole number between 0 and 65,535.; tags.0.scale: The scale must be a whole number between 1 and 1,000,000.',
  },
  {
    what: 'a negative occupancy',
    method: 'POST',
    url: '/api/device/update/occupancy',
    body: { device_id: 'GS1', occupancy: -5 },
    message: 'occupancy: Occupancy cannot be negative',
  },
  {
    what: 'a colour specification beyond 100',
    method: 'PUT',
    url: '/api/quality/specs/1',
    body: { colour_min: 45, colour_max: 101 },
    message: 'colour_max: The colour must be between 0 and 100, to two decimals.',
  },
  {
    // Found by the API fuzz: a denormal number is beyond the database's column (a 500 before).
    what: 'a cupping minimum finer than a hundredth',
    method: 'PUT',
    url: '/api/quality/specs/1',
    body: { cupping_min: 3e-323 },
    message: 'cupping_min: The cupping score must be between 0 and 100, to two decimals.',
  },
  {
    what: 'a colour reading finer than a hundredth',
    method: 'POST',
    url: '/api/quality/lots/1/results',
    body: { kind: 'colour', value: 58.123 },
    message: 'value: The colour must be between 0 and 100, to two decimals.',
  },
  {
    what: 'a negative cupping score',
    method: 'POST',
    url: '/api/quality/lots/1/results',
    body: { kind: 'cupping', value: -1 },
    message: 'value: The cupping score must be between 0 and 100, to two decimals.',
  },
];

describe('numbers out of range', () => {
  it.each(outOfRange)('refuses $what with the range', async ({ method, url, body, message }) => {
    const reply = await admin(method, url, body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(message);
  });
});
