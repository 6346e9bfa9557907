import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The query service's request log: Fastify's own lines, but for the requests that were refused or
 * failed (4xx, 5xx) only, unless LOG_LEVEL is debug. A successful GET is the service's whole job,
 * thousands a second, and writing two lines for each cost a hot GET more than its cache lookup
 * (see docs/read-model.md, "The read path's cost").
 */
const debugging = (request: FastifyRequest) => request.log.level === 'debug' || request.log.level === 'trace';

export class FailedRequestsLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (debugging(request)) super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || reply.statusCode >= 400 || debugging(request)) super.requestCompleted(error, request, reply);
  }
}
