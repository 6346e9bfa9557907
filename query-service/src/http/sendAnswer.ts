import type { FastifyReply } from 'fastify';
import type { Answer } from '../cachedReads.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a cached answer as it is stored: Fastify sends a string with a JSON content type without
 * serialising it again, so a hit costs no parse and no stringify. The string was made by the same
 * DTO mapping the response schema describes; a loaded answer still goes through that schema's
 * serialiser, which lets no other field out.
 */
export function sendAnswer<T>(reply: FastifyReply, answer: Answer<T>): FastifyReply | T {
  if ('json' in answer) return reply.type(JSON_TYPE).send(answer.json);
  return answer.loaded;
}
