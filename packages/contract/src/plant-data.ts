import { z } from 'zod';

/**
 * One level of the plant-data topic tree: MQTT forbids the wildcards and the separator in a
 * published topic, and a leading '$' is the broker's own tree.
 */
export const topicLevel = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^/#+$\s][^/#+\s]*$/, 'one topic level: no spaces, /, # or +, not starting with $');

/** A PEM block as an administrator pastes it; empty when not used. */
const pem = z
  .string()
  .max(20_000)
  .refine((text) => text === '' || text.includes('-----BEGIN '), 'a PEM block (-----BEGIN ...)');

/** The broker and what is published to it, as the console stores it (secrets included). */
export const plantDataConfig = z.strictObject({
  enabled: z.boolean(),
  broker_url: z
    .string()
    .trim()
    .max(500)
    .regex(/^(mqtts?|wss?):\/\/[^\s]+$/, 'an mqtt://, mqtts://, ws:// or wss:// address'),
  client_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore'),
  username: z.string().max(200),
  password: z.string().max(500),
  /** The CA that signed the broker's certificate, when not a public one. */
  tls_ca: pem,
  /** The console's client certificate and key, for brokers that ask for one. */
  tls_cert: pem,
  tls_key: pem,
  tls_reject_unauthorized: z.boolean(),
  enterprise: topicLevel,
  site: topicLevel,
  /** The JSON topic tree (enterprise/site/area/line/device/tag). */
  json_enabled: z.boolean(),
  /** Sparkplug B under spBv1.0/<group>/.../<edge node>. */
  sparkplug_enabled: z.boolean(),
  group_id: topicLevel,
  edge_node_id: topicLevel,
  /** Messages kept while the broker is away; the oldest go first when it is full. */
  outbox_limit: z.number().int().min(100).max(100_000),
  /**
   * Sparkplug device commands (DCMD) are writes as this console user, with that user's
   * permissions; empty: every DCMD is refused.
   */
  dcmd_user: z.string().trim().max(64),
  /** The tags a DCMD may write ("GS3/binary/12"); every other tag's DCMD is refused. */
  dcmd_tags: z.array(z.string().regex(/^[^/]+\/(binary|input)\/\d+$/, 'DEVICE/kind/id')).max(2000),
});
export type PlantDataConfig = z.infer<typeof plantDataConfig>;

/** The secrets, never sent back: the page only learns whether one is set. */
export const PLANT_DATA_SECRETS = ['password', 'tls_key'] as const;
type Secret = (typeof PLANT_DATA_SECRETS)[number];

/**
 * What an administrator saves. A secret left out keeps the stored one; an empty string
 * clears it.
 */
export const plantDataConfigBody = plantDataConfig
  .omit({ password: true, tls_key: true })
  .extend({ password: z.string().max(500).optional(), tls_key: pem.optional() });
export type PlantDataConfigBody = z.infer<typeof plantDataConfigBody>;

export const plantDataLinkState = z.enum(['off', 'connecting', 'connected', 'disconnected']);
export type PlantDataLinkState = z.infer<typeof plantDataLinkState>;

/** How the publisher is doing, for the admin page. */
export const plantDataStatus = z.object({
  state: plantDataLinkState,
  /** The last connection or publish error, null after a good connect. */
  error: z.string().nullable(),
  /** Messages waiting for the broker. */
  queued: z.number().int(),
  /** Messages dropped because the outbox was full, since the publisher started. */
  dropped: z.number().int(),
  /** Messages the broker acknowledged (QoS 1) or took (QoS 0), since the publisher started. */
  published: z.number().int(),
  /** Sparkplug: the current birth/death sequence number, null when Sparkplug is off. */
  bd_seq: z.number().int().nullable(),
  /** Sparkplug device commands refused (writes off for the tag, or refused as in the console). */
  refused_commands: z.number().int(),
  /** Sparkplug device commands written. */
  written_commands: z.number().int(),
});
export type PlantDataStatus = z.infer<typeof plantDataStatus>;

export const plantDataSettings = z.object({
  config: plantDataConfig.omit({ password: true, tls_key: true }).extend({
    has_password: z.boolean(),
    has_tls_key: z.boolean(),
  }),
  status: plantDataStatus,
  /** The tags a DCMD could write (written by the console, not read back from the PLC). */
  writable_tags: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type PlantDataSettings = z.infer<typeof plantDataSettings>;

/** Hides the secrets of a stored configuration. */
export function publicPlantDataConfig(config: PlantDataConfig): PlantDataSettings['config'] {
  const { password, tls_key, ...rest } = config;
  return { ...rest, has_password: password !== '', has_tls_key: tls_key !== '' };
}

/** A saved body over the stored configuration: secrets left out stay as they were. */
export function mergePlantDataConfig(
  stored: PlantDataConfig,
  body: PlantDataConfigBody,
): PlantDataConfig {
  const secrets = Object.fromEntries(
    PLANT_DATA_SECRETS.map((name) => [name, body[name] ?? stored[name]]),
  ) as Record<Secret, string>;
  return { ...body, ...secrets };
}

/** Off, pointing at a broker on this machine: nothing is published until an administrator says. */
export const DEFAULT_PLANT_DATA_CONFIG: PlantDataConfig = {
  enabled: false,
  broker_url: 'mqtt://127.0.0.1:1883',
  client_id: 'roastery-console',
  username: '',
  password: '',
  tls_ca: '',
  tls_cert: '',
  tls_key: '',
  tls_reject_unauthorized: true,
  enterprise: 'roastery',
  site: 'plant',
  json_enabled: true,
  sparkplug_enabled: false,
  group_id: 'roastery',
  edge_node_id: 'console',
  outbox_limit: 10_000,
  dcmd_user: '',
  dcmd_tags: [],
};

/** A tag as the DCMD settings name it: device code, command kind and command id. */
export function dcmdTagKey(ref: { device_id: string; command_kind: string; command_id: number }) {
  return `${ref.device_id}/${ref.command_kind}/${ref.command_id}`;
}
