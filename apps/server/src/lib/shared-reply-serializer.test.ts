import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharedReplySerializer } from './shared-reply-serializer.ts';

const schema = z.object({ id: z.number(), name: z.string() });
const serialize = sharedReplySerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('sharedReplySerializer', () => {
  it('writes a reply as zod encodes it, and each reply object once', () => {
    const reply = { id: 1, name: 'Roaster 1', extra: 'dropped' };
    const text = serialize(reply);
    expect(JSON.parse(text)).toEqual({ id: 1, name: 'Roaster 1' });
    // The same object is not encoded again: what was written for it is written.
    reply.id = 2;
    expect(serialize(reply)).toBe(text);
    expect(JSON.parse(serialize({ ...reply }))).toMatchObject({ id: 2 });
  });

  it('refuses a reply that does not match its schema', () => {
    expect(() => serialize({ id: 'one', name: 'Roaster 1' })).toThrow();
  });
});
