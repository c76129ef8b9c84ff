/** The public links of the top bar, in the order the business shows them (R-NAV-5). */
export const PUBLIC_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/support', label: 'Support' },
  { to: '/contact', label: 'Contact' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/quote', label: 'Free Quote' },
] as const;
