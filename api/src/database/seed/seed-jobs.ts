import { RecordState } from '@hearth/shared';
import { JobEntity } from '../../modules/jobs/job.entity.js';
import { count, type SeedContext } from './seed-context.js';

interface DemoJob {
  title: string;
  type: string;
  location: string;
  htmlDescription: string;
}

const p = (...paragraphs: string[]): string => paragraphs.map((text) => `<p>${text}</p>`).join('');
const ul = (...entries: string[]): string => `<ul>${entries.map((text) => `<li>${text}</li>`).join('')}</ul>`;

/** Open positions on the careers page (job.html_description is sanitised HTML: p, h3, ul, li only). */
export const DEMO_JOBS: DemoJob[] = [
  {
    title: 'Community Manager',
    type: 'Full-time',
    location: 'New York, NY (hybrid)',
    htmlDescription:
      p(
        'Hearth lets home chefs sell the food they are proud of to their neighbours. We are looking for a Community Manager to be the person our chefs call first.',
        'You will welcome new kitchens, help them publish their first menu, and turn what you hear from chefs and customers into changes the product team can act on.',
      ) +
      '<h3>What you will do</h3>' +
      ul(
        'Onboard new chefs: verification, food handler permits, first menu and pricing',
        'Run monthly chef meet-ups and an online forum',
        'Answer chef and customer enquiries within one working day',
        'Report each month on what chefs need most',
      ) +
      p(
        'You have run a community or a small food business before, you write clearly, and you like solving problems on the phone.',
      ),
  },
  {
    title: 'Senior Software Engineer',
    type: 'Full-time',
    location: 'Remote (US or Canada)',
    htmlDescription:
      p(
        'Our platform is a TypeScript monorepo: a NestJS API on PostgreSQL with PostGIS, background jobs on BullMQ, and a server-rendered Remix web app that works without JavaScript.',
        'As a senior engineer you will own features end to end, from the schema to the screen, and help a small team keep the code simple.',
      ) +
      '<h3>What you will work on</h3>' +
      ul(
        'Ordering and payments: exact money, idempotent checkouts, gateway callbacks',
        'Search by distance, cuisine and dietary needs',
        'Menus that repeat weekly across time zones and daylight-saving changes',
        'Tests at every level, from pure functions to whole journeys in a browser',
      ) +
      p(
        'You have five or more years of building web products, know SQL well, and care about accessibility and reliability.',
      ),
  },
  {
    title: 'Food Safety Specialist',
    type: 'Contract',
    location: 'Remote (US)',
    htmlDescription:
      p(
        'Every kitchen on Hearth cooks for strangers, so food safety is not optional. We need a specialist to keep our standards practical and strict.',
        'You will review chefs’ permits and kitchens, write plain-language guides, and advise us on labelling allergens and medical-friendly claims.',
      ) +
      '<h3>Responsibilities</h3>' +
      ul(
        'Review food handler permits and cottage food registrations by state',
        'Write guides on safe storage, packaging and delivery temperatures',
        'Audit dish labels for the major allergens',
        'Handle food safety reports from customers with our support team',
      ) +
      p(
        'You hold a ServSafe Manager certification (or equivalent) and have inspected or run commercial or home kitchens.',
      ),
  },
];

/** The job postings, found by title (whatever the case) or created ACTIVE. */
export async function seedJobs(ctx: SeedContext): Promise<number> {
  const jobs = ctx.manager.getRepository(JobEntity);
  for (const job of DEMO_JOBS) {
    const exists = await jobs
      .createQueryBuilder('j')
      .where('lower(j.title) = lower(:title)', { title: job.title })
      .getExists();
    if (exists) continue;
    await jobs.insert({ ...job, status: RecordState.ACTIVE });
    count(ctx, 'job');
  }
  return DEMO_JOBS.length;
}
