import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, roastControlState } from '@roastery/contract';
import type { RoastControlService } from './roast-control-service.ts';

const params = z.strictObject({ roaster: z.string().trim().min(1).max(32) });

export const roastControlRoutes: FastifyPluginAsyncZod<{ control: RoastControlService }> = async (
  app,
  { control },
) => {
  app.get(
    '/:roaster',
    {
      schema: {
        tags: ['roast-control'],
        summary:
          "The roast profile a roaster's batch follows now (reference, end condition), null while it follows none",
        params,
        response: { 200: roastControlState, 404: errorReply },
      },
    },
    (request) => control.state(request.params.roaster),
  );
};
