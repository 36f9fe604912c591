import { JobApplicationStatus } from '@hearth/shared';
import { mailPage, textToHtml } from '../mail/mail-page.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const render = (subject: string, title: string, text: string): RenderedMail => ({
  subject,
  text,
  html: mailPage(title, textToHtml(text)),
});

/** The acknowledgement an applicant gets as soon as their application is stored. */
export function applicationReceivedMail(o: { fullName: string; jobTitle: string }): RenderedMail {
  return render(
    `We received your application for ${o.jobTitle}`,
    'Thank you for applying',
    `Hello ${o.fullName},\n\nthank you for applying for the ${o.jobTitle} role at Hearth. We have your application and résumé, and someone from our team will read them.\n\nWe write to you again when we have decided whether to invite you to an interview.\n\nThe Hearth team`,
  );
}

/** States whose reaching is e-mailed to the applicant: interview, rejected and hired. */
export const MAILED_STATUSES: readonly JobApplicationStatus[] = [
  JobApplicationStatus.INTERVIEW,
  JobApplicationStatus.REJECTED,
  JobApplicationStatus.HIRED,
];

/** The e-mail an applicant gets when their application reaches a mailed state, else null. */
export function applicationStatusMail(
  status: JobApplicationStatus,
  o: { fullName: string; jobTitle: string },
): RenderedMail | null {
  switch (status) {
    case JobApplicationStatus.INTERVIEW:
      return render(
        `Your application for ${o.jobTitle}: we would like to meet you`,
        'An interview invitation',
        `Hello ${o.fullName},\n\nthank you for your application for the ${o.jobTitle} role. We would like to invite you to an interview; someone from our team will write to you shortly to find a time that suits you.\n\nThe Hearth team`,
      );
    case JobApplicationStatus.REJECTED:
      return render(
        `Your application for ${o.jobTitle}`,
        'About your application',
        `Hello ${o.fullName},\n\nthank you for your interest in the ${o.jobTitle} role and for the time you gave your application. We have decided not to take it further this time.\n\nWe wish you every success, and you are welcome to apply for other roles on our careers page.\n\nThe Hearth team`,
      );
    case JobApplicationStatus.HIRED:
      return render(
        `Welcome to Hearth: ${o.jobTitle}`,
        'Welcome to Hearth',
        `Hello ${o.fullName},\n\nwe are delighted to offer you the ${o.jobTitle} role. Someone from our team will be in touch about your start date and the next steps.\n\nThe Hearth team`,
      );
    default:
      return null;
  }
}
