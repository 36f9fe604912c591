import { EnquiryStatus, EnquiryType } from '@hearth/shared';
import { ContactMessageEntity } from '../../modules/contact/contact-message.entity.js';
import { EnquiryEntity } from '../../modules/contact/enquiry.entity.js';
import type { InboxAction } from '../../modules/contact/inbox-action.js';
import { count, type SeedContext } from './seed-context.js';
import type { SeededKitchen } from './seed-kitchens.js';

const DAY = 86_400_000;

interface DemoContact {
  legalName: string;
  email: string;
  message: string;
  daysAgo: number;
}

interface DemoEnquiry {
  type: EnquiryType;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  message: string;
  daysAgo: number;
  toDemoChef?: boolean;
  pricing?: { eventInDays: number; headcount: number; budgetMinor: number | null };
  /** Closed, with the chef's answer in its history. */
  answered?: string;
}

/** Contact messages waiting in the admin inbox (support inbox, docs/support-inbox.md). */
export const DEMO_CONTACT_MESSAGES: DemoContact[] = [
  {
    legalName: 'Morgan Ellis',
    email: 'morgan.ellis@example.com',
    message: 'Do any kitchens deliver to Hoboken on Sunday evenings? I could not find a filter for it.',
    daysAgo: 1,
  },
  {
    legalName: 'Dana Whitfield',
    email: 'dana.whitfield@example.com',
    message: 'I was charged twice for order HRT-1042, could you check and refund one of them please?',
    daysAgo: 3,
  },
];

/** Enquiries: general, catering pricing, and two questions to the demo chef (one answered and closed). */
export const DEMO_ENQUIRIES: DemoEnquiry[] = [
  {
    type: EnquiryType.ENQUIRY_GENERAL,
    firstName: 'Rafael',
    lastName: 'Ortiz',
    email: 'rafael.ortiz@example.com',
    message: 'I run a small bakery from home. How do I become a chef on Hearth and what does it cost?',
    daysAgo: 2,
  },
  {
    type: EnquiryType.ENQUIRY_FOR_PRICING,
    firstName: 'Helen',
    lastName: 'Park',
    email: 'helen.park@example.com',
    phone: '+1 201 555 0188',
    message: 'Office lunch for our team: vegetarian Indian buffet, delivered to Exchange Place at noon.',
    daysAgo: 4,
    pricing: { eventInDays: 21, headcount: 40, budgetMinor: 120_000 },
  },
  {
    type: EnquiryType.ENQUIRY_TO_CHEF,
    firstName: 'Omar',
    lastName: 'Haddad',
    email: 'omar.haddad@example.com',
    message: 'Is the chana masala made without onion and garlic? My mother follows a Jain diet.',
    daysAgo: 1,
    toDemoChef: true,
  },
  {
    type: EnquiryType.ENQUIRY_TO_CHEF,
    firstName: 'Lucy',
    lastName: 'Brennan',
    email: 'lucy.brennan@example.com',
    message: 'Could I pick up my thali box at 6:30 pm instead of 6 pm this Friday?',
    daysAgo: 6,
    toDemoChef: true,
    answered: 'Of course, Lucy: 6:30 pm is fine. See you on Friday!',
  },
];

/**
 * The demo support inbox, found by sender e-mail or created: contact messages and enquiries for the admin,
 * and two questions to the demo chef's kitchen (chef@hearth.test), one answered and closed.
 */
export async function seedInbox(ctx: SeedContext, demoChef: SeededKitchen | undefined): Promise<void> {
  const at = (daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY);
  const received = (daysAgo: number): InboxAction => ({
    at: at(daysAgo).toISOString(),
    by: null,
    action: 'RECEIVED',
  });
  const contacts = ctx.manager.getRepository(ContactMessageEntity);
  for (const c of DEMO_CONTACT_MESSAGES) {
    if (await contacts.exists({ where: { email: c.email } })) continue;
    await contacts.insert({
      legalName: c.legalName,
      email: c.email,
      message: c.message,
      createdAt: at(c.daysAgo),
      actionHistory: [received(c.daysAgo)],
    });
    count(ctx, 'contact_message');
  }
  const enquiries = ctx.manager.getRepository(EnquiryEntity);
  for (const e of DEMO_ENQUIRIES) {
    if (e.toDemoChef && !demoChef) continue;
    if (await enquiries.exists({ where: { email: e.email } })) continue;
    const history: InboxAction[] = [received(e.daysAgo)];
    if (e.answered) {
      const by = demoChef?.demo.brandDisplayName ?? 'The chef';
      history.push({ at: at(e.daysAgo - 0.1).toISOString(), by, action: 'ANSWERED', note: e.answered });
      history.push({ at: at(e.daysAgo - 0.1).toISOString(), by, action: 'CLOSED' });
    }
    await enquiries.insert({
      enquiryType: e.type,
      firstName: e.firstName,
      lastName: e.lastName,
      email: e.email,
      phone: e.phone ?? null,
      message: e.message,
      status: e.answered ? EnquiryStatus.CLOSED : EnquiryStatus.OPEN,
      publisherId: e.toDemoChef ? (demoChef?.publisherId ?? null) : null,
      eventDate: e.pricing ? at(-e.pricing.eventInDays).toISOString().slice(0, 10) : null,
      headcount: e.pricing?.headcount ?? null,
      budgetMinor: e.pricing?.budgetMinor ?? null,
      createdAt: at(e.daysAgo),
      actionHistory: history,
    });
    count(ctx, 'enquiry');
  }
}
