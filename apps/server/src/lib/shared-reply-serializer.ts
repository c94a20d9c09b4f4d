import { serializerCompiler } from 'fastify-type-provider-zod';
import { compressSharedReply } from './shared-reply-compression.ts';

/**
 * The app's reply serializer (zod's check and JSON), remembering the text it wrote for each
 * reply object: a reply shared between requests (SharedRead) is checked and encoded once, not
 * once per request. For routes whose reply objects are never changed once answered.
 */
type Route = Parameters<typeof serializerCompiler>[0];

export function sharedReplySerializer(
  route: Omit<Route, 'schema'> & { schema: unknown },
): (data: unknown) => string {
  // The route's schema is the zod schema its options declare, as for the app's own compiler.
  const serialize = serializerCompiler(route as Route);
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let text = written.get(data);
    if (text === undefined) {
      text = serialize(data);
      written.set(data, text);
    }
    return text;
  };
}

/**
 * The route options of a reply shared between requests: encoded once per reply object, and
 * compressed once per text for the clients that accept it.
 */
export const sharedReplyRoute = {
  serializerCompiler: sharedReplySerializer,
  onSend: compressSharedReply,
};
