import type { onErrorHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReply,
  messageReply,
  removeTotpBody,
  totpCodeBody,
  totpEnrolment,
  totpStatus,
  userSessionList,
  userSessionParams,
  userTotpParams,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import { clientOf } from './auth-routes.ts';
import { SignInThrottled, type AuthService } from './auth-service.ts';

const tags = ['auth'];

const retryAfterWhenThrottled: onErrorHookHandler = (_request, reply, error, done) => {
  if (error instanceof SignInThrottled)
    reply.header('retry-after', String(error.retryAfterSeconds));
  done();
};

/** An administrator's view of every user's sign-ins, and the administrator's own second factor. */
export const sessionRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  app.get(
    '/:id/sessions',
    {
      schema: {
        tags,
        summary: "A user's live sign-ins: when, from where, last renewed",
        params: userTotpParams,
        response: { 200: userSessionList, 404: errorReply },
      },
    },
    (request) => auth.sessions(request.params.id),
  );

  app.delete(
    '/:id/sessions',
    {
      schema: {
        tags,
        summary: "End every sign-in of a user; the user's tokens and live streams stop at once",
        params: userTotpParams,
        response: { 200: messageReply, 404: errorReply, 422: errorReply },
      },
    },
    async (request) => {
      await auth.endAllSessions(principalOf(request).id, request.params.id);
      return { message: 'All sessions ended' };
    },
  );

  app.delete(
    '/:id/sessions/:session',
    {
      schema: {
        tags,
        summary: 'End one sign-in of a user; its refresh token is revoked',
        params: userSessionParams,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await auth.endSession(request.params.id, request.params.session);
      return { message: 'Session ended' };
    },
  );

  app.delete(
    '/:id/totp',
    {
      schema: {
        tags,
        summary:
          "Remove a user's two-step sign-in (a lost phone); one's own needs a current code or the password",
        params: userTotpParams,
        body: removeTotpBody,
        response: { 200: messageReply, 404: errorReply, 422: errorReply, 429: errorReply },
      },
      onError: retryAfterWhenThrottled,
    },
    async (request) => {
      await auth.removeTotp(
        principalOf(request),
        request.params.id,
        request.body ?? {},
        clientOf(request),
      );
      return { message: 'Two-step sign-in removed' };
    },
  );

  app.get(
    '/totp',
    {
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on for the signed-in administrator',
        response: { 200: totpStatus },
      },
    },
    async (request) => ({ enabled: await auth.totpEnabled(principalOf(request).id) }),
  );

  app.post(
    '/totp/enrol',
    {
      schema: {
        tags,
        summary: 'Start two-step sign-in: a new secret and its otpauth URL (for a QR code)',
        response: { 200: totpEnrolment, 409: errorReply },
      },
    },
    (request) => auth.enrolTotp(principalOf(request).id),
  );

  app.post(
    '/totp/confirm',
    {
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with the first code from the app',
        body: totpCodeBody,
        response: { 200: messageReply, 404: errorReply, 409: errorReply, 422: errorReply },
      },
      onError: retryAfterWhenThrottled,
    },
    async (request) => {
      await auth.confirmTotp(principalOf(request).id, request.body.code, clientOf(request));
      return { message: 'Two-step sign-in is on' };
    },
  );

  app.post(
    '/totp/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-step sign-in off with a current code',
        body: totpCodeBody,
        response: { 200: messageReply, 422: errorReply, 429: errorReply },
      },
      onError: retryAfterWhenThrottled,
    },
    async (request) => {
      await auth.disableTotp(principalOf(request).id, request.body.code, clientOf(request));
      return { message: 'Two-step sign-in is off' };
    },
  );
};
