/**
 * A policy page as plain text. The strings may contain the placeholders
 * {brand}, {company} and {email}, which are substituted at render time;
 * no other braces, HTML or markdown.
 */
export interface PolicySection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface PolicyDocument {
  /** The route without its leading slash, e.g. "privacy-policy". */
  slug: string;
  title: string;
  /** One sentence for the meta description (at most 155 characters). */
  summary: string;
  /** ISO date of the last change, e.g. "2026-11-22". */
  updated: string;
  intro: string;
  sections: PolicySection[];
}
