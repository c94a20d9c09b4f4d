import { errorReply } from '@roastery/contract';

/** The OpenAPI tag of every workflow route. */
export const tags = ['workflows'];

/** The refusals a route that changes a workflow or its run may answer with. */
export const refused = { 404: errorReply, 409: errorReply, 422: errorReply };
