export { startOrderEmails, type OrderEmails, type OrderEmailsDeps } from './orderEmails.js';
export { MailOutbox, type MailLogger, type OutboxMessage } from './outbox.js';
export { MailSender, DEFAULT_MAIL_RETRY, messageIdDomain, type MailRetry, type MailRendering } from './sender.js';
export { ONLY_PROCESS, advisorySenderLock, type SenderLock } from './senderLock.js';
export { foldOrderMail, emailFacts, type OrderMailState, type OwedMessage, type Attachment } from './decisions.js';
export { MAIL_MIGRATIONS, migrateMail } from './tables.js';
