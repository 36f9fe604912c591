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
import { RESOURCE_INFO } from './pages';
import type { ResourceInfo } from './pages';

export { RESOURCE_GROUPS } from './pages';
export type { ResourceGroup } from './pages';

export interface ResourcePage extends ResourceInfo {
  Content: ComponentType;
}

const CONTENT: Record<string, ComponentType> = {
  about: About,
  ourMission: OurMission,
  careers: Careers,
  press: Press,
  howItWorks: HowItWorks,
  info: Info,
  trainings: Trainings,
  mobile: Mobile,
  'contact-us': ContactUs,
  'cancellation-policy': CancellationPolicy,
  legal: Legal,
  'privacy-policy': PrivacyPolicy,
  'terms-of-service': TermsOfService,
};

/** The informational pages of spec §2, in footer order, with their content. */
export const RESOURCE_PAGES: readonly ResourcePage[] = RESOURCE_INFO.map((page) => ({
  ...page,
  Content: CONTENT[page.slug],
}));

export function findResourcePage(slug: string | undefined): ResourcePage | undefined {
  return RESOURCE_PAGES.find((p) => p.slug === slug);
}

export function resourcePage(slug: string): ResourcePage {
  const page = findResourcePage(slug);
  if (!page) throw new Error(`Unknown resource page ${slug}`);
  return page;
}
