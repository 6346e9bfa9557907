export { operatorConsole, OPERATOR_CONSOLE_TAG, type OperatorConsoleDeps } from './plugin.js';
export type { ConsoleContext, ConsoleRoutes } from './context.js';
export { buildProjectorServer, type ProjectorServerOptions } from './server.js';
