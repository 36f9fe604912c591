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
import { RESOURCE_LINKS } from './pages';
import type { ResourceLink } from './pages';

export { RESOURCE_GROUPS } from './pages';
export type { ResourceGroup } from './pages';

export interface ResourcePage extends ResourceLink {
  title: string;
  description: string;
  Content: ComponentType;
}

const DETAILS: Record<string, Pick<ResourcePage, 'title' | 'description' | 'Content'>> = {
  about: {
    title: 'About Hearth',
    description:
      'Hearth connects home chefs, small food stores and marts with the neighbours who love their food.',
    Content: About,
  },
  ourMission: {
    title: 'Our mission',
    description: 'Helping anyone who cooks well earn a living from their own kitchen.',
    Content: OurMission,
  },
  careers: {
    title: 'Careers at Hearth',
    description: 'Join the team building tools for thousands of home food businesses.',
    Content: Careers,
  },
  press: {
    title: 'Press',
    description: 'Facts, images and introductions for journalists writing about Hearth.',
    Content: Press,
  },
  howItWorks: {
    title: 'How Hearth works',
    description: 'Order ahead from home chefs near you, or open your own kitchen brand.',
    Content: HowItWorks,
  },
  info: {
    title: 'Hearth at a glance',
    description: 'What you can order, where Hearth is available, food safety and fees.',
    Content: Info,
  },
  trainings: {
    title: 'Chef trainings',
    description: 'Free trainings on food safety, menus, pricing and photography for Hearth chefs.',
    Content: Trainings,
  },
  mobile: {
    title: 'Hearth on your phone',
    description: 'Add Hearth to your home screen and order on the go.',
    Content: Mobile,
  },
  'contact-us': {
    title: 'Contact us',
    description: 'Send the Hearth team a message; we reply within one working day.',
    Content: ContactUs,
  },
  'cancellation-policy': {
    title: 'Cancellation policy',
    description: 'How cancellations, refunds and problems with an order are handled.',
    Content: CancellationPolicy,
  },
  legal: {
    title: 'Legal',
    description: 'The agreements and policies that apply when you use Hearth.',
    Content: Legal,
  },
  'privacy-policy': {
    title: 'Privacy policy',
    description: 'What personal information Hearth collects, why, and the choices you have.',
    Content: PrivacyPolicy,
  },
  'terms-of-service': {
    title: 'Terms of service',
    description: 'The agreement between you and Hearth for using the marketplace.',
    Content: TermsOfService,
  },
};

/** The informational pages of spec §2, in footer order, with their content. */
export const RESOURCE_PAGES: readonly ResourcePage[] = RESOURCE_LINKS.map((link) => ({
  ...link,
  ...DETAILS[link.slug],
}));

export function findResourcePage(slug: string | undefined): ResourcePage | undefined {
  return RESOURCE_PAGES.find((p) => p.slug === slug);
}

export function resourcePage(slug: string): ResourcePage {
  const page = findResourcePage(slug);
  if (!page) throw new Error(`Unknown resource page ${slug}`);
  return page;
}
