// The informational pages' titles, labels and groups without their content: the footer of every page
// needs these, and importing them from here keeps the pages' text out of the JavaScript every page loads.

export type ResourceGroup = 'Company' | 'Using Hearth' | 'Support' | 'Legal';

export interface ResourceInfo {
  /** The URL segment under /resources (spec §2 spells some in camelCase). */
  slug: string;
  title: string;
  /** Short label for the footer. */
  label: string;
  description: string;
  group: ResourceGroup;
}

/** The informational pages of spec §2, in footer order. */
export const RESOURCE_INFO: readonly ResourceInfo[] = [
  {
    slug: 'about',
    title: 'About Hearth',
    label: 'About us',
    group: 'Company',
    description:
      'Hearth connects home chefs, small food stores and marts with the neighbours who love their food.',
  },
  {
    slug: 'ourMission',
    title: 'Our mission',
    label: 'Our mission',
    group: 'Company',
    description: 'Helping anyone who cooks well earn a living from their own kitchen.',
  },
  {
    slug: 'careers',
    title: 'Careers at Hearth',
    label: 'Careers',
    group: 'Company',
    description: 'Join the team building tools for thousands of home food businesses.',
  },
  {
    slug: 'press',
    title: 'Press',
    label: 'Press',
    group: 'Company',
    description: 'Facts, images and introductions for journalists writing about Hearth.',
  },
  {
    slug: 'howItWorks',
    title: 'How Hearth works',
    label: 'How it works',
    group: 'Using Hearth',
    description: 'Order ahead from home chefs near you, or open your own kitchen brand.',
  },
  {
    slug: 'info',
    title: 'Hearth at a glance',
    label: 'Good to know',
    group: 'Using Hearth',
    description: 'What you can order, where Hearth is available, food safety and fees.',
  },
  {
    slug: 'trainings',
    title: 'Chef trainings',
    label: 'Chef trainings',
    group: 'Using Hearth',
    description: 'Free trainings on food safety, menus, pricing and photography for Hearth chefs.',
  },
  {
    slug: 'mobile',
    title: 'Hearth on your phone',
    label: 'Mobile app',
    group: 'Using Hearth',
    description: 'Add Hearth to your home screen and order on the go.',
  },
  {
    slug: 'contact-us',
    title: 'Contact us',
    label: 'Contact us',
    group: 'Support',
    description: 'Send the Hearth team a message; we reply within one working day.',
  },
  {
    slug: 'cancellation-policy',
    title: 'Cancellation policy',
    label: 'Cancellation policy',
    group: 'Support',
    description: 'How cancellations, refunds and problems with an order are handled.',
  },
  {
    slug: 'legal',
    title: 'Legal',
    label: 'Legal',
    group: 'Legal',
    description: 'The agreements and policies that apply when you use Hearth.',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    label: 'Privacy policy',
    group: 'Legal',
    description: 'What personal information Hearth collects, why, and the choices you have.',
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    label: 'Terms of service',
    group: 'Legal',
    description: 'The agreement between you and Hearth for using the marketplace.',
  },
];

export const RESOURCE_GROUPS: readonly ResourceGroup[] = ['Company', 'Using Hearth', 'Support', 'Legal'];
