import type { ComponentType } from 'react';
import About from './about';
import CancellationPolicy from './cancellation-policy';
import Careers from './careers';
import ContactUs from './contact-us';
import HowItWorks from './how-it-works';
import Info from './info';
import Legal from './legal';
import Mobile from './mobile';
import OurMission from './our-mission';
import Press from './press';
import PrivacyPolicy from './privacy-policy';
import TermsOfService from './terms-of-service';
import Trainings from './trainings';

export type ResourceGroup = 'Company' | 'Using Hearth' | 'Support' | 'Legal';

export interface ResourcePage {
  /** The URL segment under /resources (spec §2 spells some in camelCase). */
  slug: string;
  title: string;
  /** Short label for the footer. */
  label: string;
  description: string;
  group: ResourceGroup;
  Content: ComponentType;
}

/** The informational pages of spec §2, in footer order. */
export const RESOURCE_PAGES: readonly ResourcePage[] = [
  {
    slug: 'about',
    title: 'About Hearth',
    label: 'About us',
    group: 'Company',
    Content: About,
    description:
      'Hearth connects home chefs, small food stores and marts with the neighbours who love their food.',
  },
  {
    slug: 'ourMission',
    title: 'Our mission',
    label: 'Our mission',
    group: 'Company',
    Content: OurMission,
    description: 'Helping anyone who cooks well earn a living from their own kitchen.',
  },
  {
    slug: 'careers',
    title: 'Careers at Hearth',
    label: 'Careers',
    group: 'Company',
    Content: Careers,
    description: 'Join the team building tools for thousands of home food businesses.',
  },
  {
    slug: 'press',
    title: 'Press',
    label: 'Press',
    group: 'Company',
    Content: Press,
    description: 'Facts, images and introductions for journalists writing about Hearth.',
  },
  {
    slug: 'howItWorks',
    title: 'How Hearth works',
    label: 'How it works',
    group: 'Using Hearth',
    Content: HowItWorks,
    description: 'Order ahead from home chefs near you, or open your own kitchen brand.',
  },
  {
    slug: 'info',
    title: 'Hearth at a glance',
    label: 'Good to know',
    group: 'Using Hearth',
    Content: Info,
    description: 'What you can order, where Hearth is available, food safety and fees.',
  },
  {
    slug: 'trainings',
    title: 'Chef trainings',
    label: 'Chef trainings',
    group: 'Using Hearth',
    Content: Trainings,
    description: 'Free trainings on food safety, menus, pricing and photography for Hearth chefs.',
  },
  {
    slug: 'mobile',
    title: 'Hearth on your phone',
    label: 'Mobile app',
    group: 'Using Hearth',
    Content: Mobile,
    description: 'Add Hearth to your home screen and order on the go.',
  },
  {
    slug: 'contact-us',
    title: 'Contact us',
    label: 'Contact us',
    group: 'Support',
    Content: ContactUs,
    description: 'Send the Hearth team a message; we reply within one working day.',
  },
  {
    slug: 'cancellation-policy',
    title: 'Cancellation policy',
    label: 'Cancellation policy',
    group: 'Support',
    Content: CancellationPolicy,
    description: 'How cancellations, refunds and problems with an order are handled.',
  },
  {
    slug: 'legal',
    title: 'Legal',
    label: 'Legal',
    group: 'Legal',
    Content: Legal,
    description: 'The agreements and policies that apply when you use Hearth.',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    label: 'Privacy policy',
    group: 'Legal',
    Content: PrivacyPolicy,
    description: 'What personal information Hearth collects, why, and the choices you have.',
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    label: 'Terms of service',
    group: 'Legal',
    Content: TermsOfService,
    description: 'The agreement between you and Hearth for using the marketplace.',
  },
];

export const RESOURCE_GROUPS: readonly ResourceGroup[] = ['Company', 'Using Hearth', 'Support', 'Legal'];

export function findResourcePage(slug: string | undefined): ResourcePage | undefined {
  return RESOURCE_PAGES.find((p) => p.slug === slug);
}

export function resourcePage(slug: string): ResourcePage {
  const page = findResourcePage(slug);
  if (!page) throw new Error(`Unknown resource page ${slug}`);
  return page;
}
