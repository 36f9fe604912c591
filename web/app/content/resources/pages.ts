// The informational pages' footer links (slug, label, group) without their titles, descriptions or text:
// every page's footer needs these, and importing them from here keeps the rest out of the JavaScript every
// page loads. Their titles, descriptions and content are in index.ts.

export type ResourceGroup = 'Company' | 'Using Hearth' | 'Support' | 'Legal';

export interface ResourceLink {
  /** The URL segment under /resources (spec §2 spells some in camelCase). */
  slug: string;
  /** Short label for the footer. */
  label: string;
  group: ResourceGroup;
}

/** The informational pages of spec §2, in footer order. */
export const RESOURCE_LINKS: readonly ResourceLink[] = [
  { slug: 'about', label: 'About us', group: 'Company' },
  { slug: 'ourMission', label: 'Our mission', group: 'Company' },
  { slug: 'careers', label: 'Careers', group: 'Company' },
  { slug: 'press', label: 'Press', group: 'Company' },
  { slug: 'howItWorks', label: 'How it works', group: 'Using Hearth' },
  { slug: 'info', label: 'Good to know', group: 'Using Hearth' },
  { slug: 'trainings', label: 'Chef trainings', group: 'Using Hearth' },
  { slug: 'mobile', label: 'Mobile app', group: 'Using Hearth' },
  { slug: 'contact-us', label: 'Contact us', group: 'Support' },
  { slug: 'cancellation-policy', label: 'Cancellation policy', group: 'Support' },
  { slug: 'legal', label: 'Legal', group: 'Legal' },
  { slug: 'privacy-policy', label: 'Privacy policy', group: 'Legal' },
  { slug: 'terms-of-service', label: 'Terms of service', group: 'Legal' },
];

export const RESOURCE_GROUPS: readonly ResourceGroup[] = ['Company', 'Using Hearth', 'Support', 'Legal'];
