/**
 * The invoices module's face (issue 28, docs/decisions/132): invoices and credit notes with gapless numbers, frozen
 * when issued, and their PDF. Its tables are written nowhere else. It knows nothing of orders: the orders module
 * says what a document holds and asks for it to be issued.
 */
export { documentOf, documentsOf, invoiceDocument, issueDocument, type InvoiceContent, type InvoiceRow } from './invoices.service';
export { renderInvoicePdf, type InvoiceDocument, type InvoiceTax } from './invoice-pdf';
