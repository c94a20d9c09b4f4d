import { z } from 'zod';

/** Every error reply has this shape; the web app shows message, else error, else a local text. */
export const errorReply = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});

export type ErrorReply = z.infer<typeof errorReply>;

export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReply>;
