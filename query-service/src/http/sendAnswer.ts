import type { FastifyReply } from 'fastify';
import type { Answer } from '../cachedReads.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a cached answer as it is stored: Fastify sends a string with a JSON content type without
 * serialising it again, so a hit costs no parse and no stringify. The string was made by the same
 * DTO mapping the response schema describes, or by the database for the order lists (tests hold
 * both to the schema); a loaded answer is returned, to go through that schema's serialiser, which
 * lets no other field out. A sent answer resolves once it is out, so the handler's promise says the reply is done.
 */
export async function sendAnswer<T>(reply: FastifyReply, answer: Answer<T>): Promise<T | undefined> {
  if ('loaded' in answer) return answer.loaded;
  await reply.type(JSON_TYPE).send(answer.json);
  return undefined;
}
