import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReply,
  messageReply,
  signInThrottleIdParams,
  signInThrottleList,
} from '@roastery/contract';
import type { AuthService } from './auth-service.ts';

const tags = ['auth'];

export const signInThrottleRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Sign-ins being slowed down after failed attempts',
        response: { 200: signInThrottleList },
      },
    },
    () => auth.signInThrottles(),
  );

  app.delete(
    '/',
    {
      schema: {
        tags,
        summary: 'Clear every sign-in throttle',
        response: { 200: messageReply },
      },
    },
    () => {
      auth.clearSignInThrottles();
      return { message: 'Sign-in throttles cleared' };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Clear one sign-in throttle: its username or address may sign in at once',
        params: signInThrottleIdParams,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    (request) => {
      auth.clearSignInThrottle(request.params.id);
      return { message: 'Sign-in throttle cleared' };
    },
  );
};
