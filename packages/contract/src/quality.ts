import { z } from 'zod';
import { hasDecimals } from './decimals.ts';
import { pathId } from './integers.ts';

/**
 * Quality release of roasted lots (issue 24): a product's specification, a lot's results and
 * status, and the signed decisions that release or reject it.
 */
export const qualityMessages = {
  colour: 'The colour must be between 0 and 100, to two decimals.',
  moisture: 'The moisture must be between 0 and 100%, to two decimals.',
  loss: 'The roast loss must be between 0 and 100%, to two decimals.',
  development: 'The development must be between 0 and 100%, to two decimals.',
  cupping: 'The cupping score must be between 0 and 100, to two decimals.',
  value: 'Please enter the value.',
  kind: 'Please choose colour, moisture or cupping.',
  meaning: 'Please choose released, rejected or released under deviation.',
  reason: 'Please give the reason for a rejection or a release under deviation.',
  password: 'Please enter your password to sign.',
} as const;

const twoDecimals = (value: number) => hasDecimals(value, 2);

/**
 * A number a person types on a 0-100 scale, to the hundredth (a cupping score in quarter points,
 * a colour or a moisture reading), with the message that says so: a finer number is no reading,
 * and one such as 3e-323 is beyond what the database's column holds.
 */
const scale = (message: string) =>
  z
    .number({ error: message })
    .finite({ error: message })
    .min(0, { error: message })
    .max(100, { error: message })
    .refine(twoDecimals, { error: message });
const bound = (message: string) => scale(message).nullable().default(null);

/** Every bound of a specification may be left empty: an empty bound checks nothing. */
export const qualitySpecBody = z.strictObject({
  colour_min: bound(qualityMessages.colour),
  colour_max: bound(qualityMessages.colour),
  moisture_min: bound(qualityMessages.moisture),
  moisture_max: bound(qualityMessages.moisture),
  loss_min: bound(qualityMessages.loss),
  loss_max: bound(qualityMessages.loss),
  development_min: bound(qualityMessages.development),
  development_max: bound(qualityMessages.development),
  cupping_min: bound(qualityMessages.cupping),
});
export type QualitySpecBody = z.infer<typeof qualitySpecBody>;

export const qualitySpec = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  colour_min: z.number().nullable(),
  colour_max: z.number().nullable(),
  moisture_min: z.number().nullable(),
  moisture_max: z.number().nullable(),
  loss_min: z.number().nullable(),
  loss_max: z.number().nullable(),
  development_min: z.number().nullable(),
  development_max: z.number().nullable(),
  cupping_min: z.number().nullable(),
  /** Null while the product has no specification. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type QualitySpec = z.infer<typeof qualitySpec>;

export const lotQualityStatus = z.enum(['pending', 'released', 'on_hold', 'rejected']);
export type LotQualityStatus = z.infer<typeof lotQualityStatus>;

export const qualityResultKind = z.enum(['colour', 'moisture', 'loss', 'development', 'cupping']);
export type QualityResultKind = z.infer<typeof qualityResultKind>;

export const qualityResult = z.object({
  id: z.number().int(),
  batch_id: z.number().int().nullable(),
  kind: qualityResultKind,
  value: z.number(),
  source: z.enum(['roast_record', 'entered']),
  by: z.string(),
  at: z.string(),
  notes: z.string(),
  /** Against the specification when the result came in; null when no bound applied. */
  in_spec: z.boolean().nullable(),
  spec: z.string().nullable(),
});
export type QualityResult = z.infer<typeof qualityResult>;

export const signatureMeaning = z.enum(['released', 'rejected', 'released_under_deviation'], {
  error: qualityMessages.meaning,
});
export type SignatureMeaning = z.infer<typeof signatureMeaning>;

export const qualitySignature = z.object({
  id: z.number().int(),
  by: z.string(),
  at: z.string(),
  meaning: signatureMeaning,
  reason: z.string(),
  /** SHA-256 of the lot's quality record as it stood when signed. */
  record_sha256: z.string(),
});
export type QualitySignature = z.infer<typeof qualitySignature>;

export const qualityLot = z.object({
  lot_id: z.number().int(),
  lot_number: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  batch_id: z.number().int().nullable(),
  /** The batch's place in its order (1, 2, ...), as people name it. */
  batch_seq: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  status: lotQualityStatus,
  reason: z.string(),
  /** A release signed by one person, waiting for a different person's (a lot held out of spec). */
  awaiting_second_signature: z.boolean(),
  results: z.array(qualityResult),
  signatures: z.array(qualitySignature),
});
export type QualityLot = z.infer<typeof qualityLot>;

export const qualityLotQuery = z.strictObject({ status: lotQualityStatus.optional() });
export type QualityLotQuery = z.infer<typeof qualityLotQuery>;

export const productSpecParams = z.strictObject({ productId: pathId('Product') });
export const qualityLotParams = z.strictObject({ lotId: pathId('Lot') });

/** A result a person enters: colour and moisture from the lab's instruments, or a cupping. */
export const enteredResultBody = z
  .strictObject({
    kind: z.enum(['colour', 'moisture', 'cupping'], { error: qualityMessages.kind }),
    value: z.number({ error: qualityMessages.value }).finite({ error: qualityMessages.value }),
    notes: z.string().trim().max(2000).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.value < 0 || body.value > 100 || !twoDecimals(body.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: qualityMessages[body.kind] });
  });
export type EnteredResultBody = z.infer<typeof enteredResultBody>;

/** A signed decision: the signer enters their password again. */
export const lotDecisionBody = z
  .strictObject({
    meaning: signatureMeaning,
    reason: z.string().trim().max(1000).default(''),
    password: z.string({ error: qualityMessages.password }).min(1, {
      error: qualityMessages.password,
    }),
  })
  .refine((body) => body.meaning === 'released' || body.reason.length > 0, {
    error: qualityMessages.reason,
    path: ['reason'],
  });
export type LotDecisionBody = z.infer<typeof lotDecisionBody>;
