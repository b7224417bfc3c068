/**
 * The mail module's face (docs/decisions/108): the mailer and its outbox, every mail's text, the unsubscribe list and
 * the admin's mail log. Other modules, the workflows and the rest of the server import it only from here (eslint:
 * local/module-boundaries); its route plugins are registered by src/server/app.ts.
 */
export { resetPasswordMail, verificationMail } from './account-mails';
export { mailLayout, oneLine } from './mail-layout';
export { createMailer, type MailAttachmentRef, type MailAttachmentResolver, type Mailer, mailJob, mailJobs, type OutgoingMail, type ResolvedAttachment } from './mail.service';
export { claimMail, type NominationMailFacts, receiptMail } from './nomination-mails';
export { orderConfirmationMail, type OrderMailFacts, paymentFailedMail, refundMail, shippedMail } from './order-mails';
export { isSuppressed } from './unsubscribe';
