/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell whose text starts with =, +, -, @, a tab or a
 * carriage return is run as a formula by Excel, LibreOffice and Google Sheets — and our exports hold text strangers
 * typed (referrers, award titles, contact names). Every CSV export writes its text cells through escapeCell, which
 * puts a single quote in front of such text, and leaves the quoting (commas, quotes, line breaks) to csv-stringify:
 * `stringify(rows, { cast: { string: escapeCell } })`. Numbers are not text: -5 stays -5.
 *
 * The quote is undone by unescapeCell when a file comes back in (the awards import), so an export imported again
 * gives the same values. To keep that exact, text that already starts with quotes before a formula character gets
 * one quote more (`'=x` → `''=x`), and unescapeCell takes exactly one away. The full-width forms of the four
 * characters count too: Apple Numbers reads them as the ASCII ones (as csv-stringify's own escape_formulas does).
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The text a spreadsheet shows as written: `=1+2` → `'=1+2`; anything else as it is. */
export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** escapeCell undone: `'=1+2` → `=1+2`. A quote before anything else is part of the text and stays. */
export function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
