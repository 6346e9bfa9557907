// What the running shop's socket (embedded/src/operatorSocket/server.ts) and the operators' tool
// (projector/src/cli/operatorSocket/client.ts) agree on; the command side names the grant by it.
export * from './protocol.js';
