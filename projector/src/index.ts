export * from './projector.js';
export * from './readModelUpdater.js';
export * from './kafkaProjector.js';
export * from './projectorStore.js';
export * from './hotAnswersRefresher.js';
export * from './logBinding.js';
export * from './deadLetterReport.js';
export * from './rebuild.js';
export * from './bulkFirstBuild.js';
// The bench's rebuild measure opens a stopped shop as the operators' tool does.
export { connectToShop } from './cli/shopConnection.js';
// The bench's export measure runs the analysts' export as `toolforge events export` does.
export { exportEvents } from './cli/export/exportEvents.js';
// The operators' tool's client of the running shop's socket: embedded serves that socket and tests it through this.
export * from './cli/operatorSocket/client.js';
// The operators' tool itself, run in-process: embedded's tests run it against a running shop's socket.
export { run as runOperatorsTool } from './cli/program.js';
export * from './cli/paymentAuditCommand.js';
// The order e-mails' outbox and sender (docs/documents.md): both hosts run them when SMTP_URL is set.
export * from './mail/index.js';
// The bench's audit figures run the operators' verify as the tool runs it.
export { auditVerifyCommand, verifySettingsOf } from './cli/verify/verifyCommand.js';
// The sales report's suites hold the report to `toolforge audit orders`' own account of the log, to the cent.
export { ledgerAsOf } from './cli/asOf.js';
export { auditOrders, type OrdersAudit, type OrderTotals } from './cli/orderAudit.js';
