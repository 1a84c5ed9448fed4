/** The home page's anchors, in the header's order (SPEC 2). */
export const HOME_SECTIONS = [
  { id: 'about', label: 'About' },
  { id: 'connect', label: 'Connect' },
  { id: 'membership-benefits', label: 'Membership Benefits' },
  { id: 'why-join-us', label: 'Why Join Us' },
  { id: 'activities', label: 'Activities' },
] as const;
