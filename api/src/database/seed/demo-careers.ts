import { JobApplicationStatus, RecordState } from '@hearth/shared';
import { JobApplicationEntity } from '../../modules/jobs/job-application.entity.js';
import { JobEntity } from '../../modules/jobs/job.entity.js';
import { count, putIfChanged, type SeedContext } from './seed-context.js';

/** An archived posting, so the admin's careers page shows both states (the open ones are in seed-jobs.ts). */
export const DEMO_ARCHIVED_JOB = {
  title: 'Delivery Coordinator',
  type: 'Part-time',
  location: 'Jersey City, NJ',
  htmlDescription:
    '<p>Plan the evening delivery rounds of our New Jersey kitchens and keep customers informed when a round runs late.</p>' +
    '<h3>What you will do</h3><ul><li>Plan rounds with the kitchens each afternoon</li><li>Answer drivers and customers on the phone</li></ul>',
};

interface DemoApplication {
  jobTitle: string;
  fullName: string;
  email: string;
  phone: string | null;
  address: string | null;
  status: JobApplicationStatus;
}

/** Applications in every state, each with a small PDF résumé. */
export const DEMO_APPLICATIONS: readonly DemoApplication[] = [
  {
    jobTitle: 'Community Manager',
    fullName: 'Maya Lopez',
    email: 'maya.lopez@applicants.hearth.test',
    phone: '+1 201 555 0142',
    address: '18 Grove St, Jersey City, NJ 07302',
    status: JobApplicationStatus.RECEIVED,
  },
  {
    jobTitle: 'Community Manager',
    fullName: 'Tomás Reyes',
    email: 'tomas.reyes@applicants.hearth.test',
    phone: null,
    address: null,
    status: JobApplicationStatus.IN_REVIEW,
  },
  {
    jobTitle: 'Community Manager',
    fullName: 'Aisha Bello',
    email: 'aisha.bello@applicants.hearth.test',
    phone: '+1 646 555 0199',
    address: '5 Pearl St, Brooklyn, NY 11201',
    status: JobApplicationStatus.INTERVIEW,
  },
  {
    jobTitle: 'Senior Software Engineer',
    fullName: 'Jonas Weber',
    email: 'jonas.weber@applicants.hearth.test',
    phone: null,
    address: 'Toronto, ON',
    status: JobApplicationStatus.RECEIVED,
  },
  {
    jobTitle: 'Senior Software Engineer',
    fullName: 'Priya Natarajan',
    email: 'priya.natarajan@applicants.hearth.test',
    phone: '+1 415 555 0123',
    address: null,
    status: JobApplicationStatus.REJECTED,
  },
  {
    jobTitle: 'Delivery Coordinator',
    fullName: 'Sam Okafor',
    email: 'sam.okafor@applicants.hearth.test',
    phone: '+1 201 555 0177',
    address: '40 Newark Ave, Jersey City, NJ 07302',
    status: JobApplicationStatus.HIRED,
  },
];

/** A one-page PDF (valid: header, objects, cross-reference table, trailer) with a few lines of text. */
export function demoResumePdf(lines: readonly string[]): Buffer {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? 18 : 11} Tf 72 ${720 - i * 24} Td (${line.replace(/[\\()]/g, '\\$&')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/**
 * The careers demo: an archived posting and applications in every state with PDF résumés (stored under
 * private/seed/resumes/). Postings are found by title and applications by posting and e-mail, so a second
 * run adds nothing and an admin's moves of a demo application are kept.
 */
export async function seedDemoCareers(ctx: SeedContext): Promise<number> {
  const jobs = ctx.manager.getRepository(JobEntity);
  const byTitle = (title: string) =>
    jobs.createQueryBuilder('j').where('lower(j.title) = lower(:title)', { title }).getOne();
  if (!(await byTitle(DEMO_ARCHIVED_JOB.title))) {
    await jobs.insert({ ...DEMO_ARCHIVED_JOB, status: RecordState.ARCHIVED });
    count(ctx, 'job');
  }
  const applications = ctx.manager.getRepository(JobApplicationEntity);
  for (const demo of DEMO_APPLICATIONS) {
    const job = await byTitle(demo.jobTitle);
    if (!job) continue;
    const key = `private/seed/resumes/${slug(demo.fullName)}.pdf`;
    await putIfChanged(
      ctx,
      key,
      demoResumePdf([demo.fullName, demo.email, `Applying for ${demo.jobTitle}`, 'Experience: 6 years']),
      'application/pdf',
    );
    if (await applications.existsBy({ jobId: job.id, email: demo.email })) continue;
    await applications.insert({
      jobId: job.id,
      fullName: demo.fullName,
      email: demo.email,
      phone: demo.phone,
      address: demo.address,
      resumePath: key,
      status: demo.status,
    });
    count(ctx, 'job_application');
  }
  return DEMO_APPLICATIONS.length;
}
