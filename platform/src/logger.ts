/** What a long-running part logs through: pino's and Fastify's loggers satisfy it. */
export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
