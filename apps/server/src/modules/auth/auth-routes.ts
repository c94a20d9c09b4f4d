import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordReply,
  errorReply,
  loginBody,
  loginReply,
  me,
  messageReply,
  refreshBody,
  refreshReply,
  resetPasswordBody,
} from '@roastery/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../plugins/access-control.ts';
import { SignInThrottled, type AuthService, type SignInClient } from './auth-service.ts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieName } from './device-cookies.ts';

/** Where a request comes from, as a session keeps it. */
export function clientOf(request: FastifyRequest): SignInClient {
  return { address: request.ip, userAgent: request.headers['user-agent'] };
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  await app.register(fastifyCookie);

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username and password',
        body: loginBody,
        response: { 200: loginReply, 401: errorReply, 429: errorReply },
      },
      // The error handler writes the body; the wait also goes in the standard header.
      onError: (_request, reply, error, done) => {
        if (error instanceof SignInThrottled) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        done();
      },
    },
    async (request, reply) => {
      const presented = request.cookies[deviceCookieName(request.body.username)];
      const { reply: signedIn, deviceCookie } = await auth.login(
        request.body,
        clientOf(request),
        presented,
      );
      // Sent back to sign-in only, never readable by scripts nor sent from another site's page;
      // Secure whenever the browser reached the console over HTTPS (through a trusted proxy).
      reply.setCookie(deviceCookie.name, deviceCookie.value, {
        path: request.routeOptions.url ?? '/',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
      });
      return signedIn;
    },
  );

  app.post(
    '/refresh_token',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new access token (the refresh token rotates)',
        body: refreshBody,
        response: { 200: refreshReply, 401: errorReply },
      },
    },
    (request) => auth.refresh(request.body.refreshToken, clientOf(request)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End the sign-in the refresh token belongs to',
        body: refreshBody,
        response: { 200: messageReply },
      },
    },
    async (request) => {
      await auth.logout(request.body.refreshToken);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: me } } },
    (request) => {
      const p = principalOf(request);
      return { id: p.id, full_name: p.fullName, username: p.username, role: p.role };
    },
  );

  app.put(
    '/reset-password',
    {
      schema: {
        tags,
        summary: "Change one's own password; other sessions end, this one gets new tokens",
        body: resetPasswordBody,
        response: { 200: changePasswordReply, 422: errorReply },
      },
    },
    async (request) => {
      const tokens = await auth.changePassword(
        principalOf(request).id,
        request.body.oldPassword,
        request.body.newPassword,
        clientOf(request),
      );
      return { message: 'Password changed', ...tokens };
    },
  );
};
