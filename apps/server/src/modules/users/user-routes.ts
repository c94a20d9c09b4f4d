import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminResetPasswordBody,
  createUserBody,
  errorReply,
  messageReply,
  roleList,
  updateUserBody,
  user,
  userIdParams,
  userList,
} from '@roastery/contract';
import { principalOf } from '../../plugins/access-control.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { UserService } from './user-service.ts';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService; auth: AuthService }> = async (
  app,
  { users, auth },
) => {
  app.get('/', { schema: { tags, summary: 'List users', response: { 200: userList } } }, () =>
    users.list(),
  );

  app.get('/roles', { schema: { tags, summary: 'List roles', response: { 200: roleList } } }, () =>
    users.roles(),
  );

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Create a user',
        body: createUserBody,
        response: { 201: user, 409: errorReply },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await users.create(request.body, principalOf(request).fullName)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: "Update a user's name, username or role",
        params: userIdParams,
        body: updateUserBody,
        response: { 200: user, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    (request) => users.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user',
        params: userIdParams,
        response: { 200: messageReply, 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    async (request) => {
      await users.delete(principalOf(request), request.params.id);
      return { message: 'User deleted' };
    },
  );

  app.post(
    '/admin-reset-password',
    {
      schema: {
        tags,
        summary: "Set another user's password; that user's sessions end",
        body: adminResetPasswordBody,
        response: { 200: messageReply, 404: errorReply },
      },
    },
    async (request) => {
      await auth.adminResetPassword(
        request.body.user_id,
        request.body.newPassword,
        principalOf(request).fullName,
      );
      return { message: 'Password reset' };
    },
  );
};
