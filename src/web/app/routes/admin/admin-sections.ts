/** The admin area's child routes (spec §2, plus Jobs and Mail: docs/decisions/088, 114), in navigation order. */
export const ADMIN_SECTIONS = [
  { path: '', label: 'Dashboard', lead: 'Today at a glance: nominations, orders, revenue and anything on fire.' },
  { path: 'analytics', label: 'Analytics', lead: 'Visits, funnels and which awards people actually send.' },
  { path: 'awards', label: 'Awards', lead: 'Create, edit, import, export and retire awards, with a full audit trail.' },
  { path: 'categories', label: 'Categories', lead: 'Name, colour and order the award categories.' },
  { path: 'landing-pages', label: 'Landing Pages', lead: 'Campaign pages for seasons, teams and in-jokes.' },
  { path: 'orders', label: 'Orders', lead: 'Every printed order, its payment and where the parcel is.' },
  { path: 'nominations', label: 'Nominations', lead: 'Search, hide, restore and resend nominations.' },
  { path: 'crm', label: 'CRM', lead: 'Contacts, their nominations and orders, in one place.' },
  { path: 'products', label: 'Products', lead: 'Printed products, variants and print templates.' },
  { path: 'users', label: 'Users', lead: 'Accounts, roles and who may do what.' },
  { path: 'bug-reports', label: 'Bug Reports', lead: 'What visitors reported, with screenshots and console logs.' },
  { path: 'audit', label: 'Audit Log', lead: 'Every change an admin made and every security event: who, when, and what changed.' },
  { path: 'jobs', label: 'Jobs', lead: 'Mails, print orders and other background work: what waits, what failed, and a retry.' },
  { path: 'mail', label: 'Mail', lead: 'Every mail the shop sends, as it arrives: its links, where it got to, and a resend.' },
  { path: 'settings', label: 'Settings', lead: 'Brand, contact and social links, home page figures, shipping, tax, the sales funnel and feature switches.' },
] as const;
