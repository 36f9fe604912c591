import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { JobApplicationStatus, RecordState } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty optional field (a form left blank) is stored as null. */
const blankToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() || null : value;

/** Longest description an admin may save (HTML, before sanitising). */
export const MAX_JOB_DESCRIPTION = 20_000;

/** A job posting as the careers pages show it. */
export class JobDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true }) type: string | null;
  @ApiProperty({ type: String, nullable: true }) location: string | null;
  @ApiProperty({ description: 'Sanitised HTML' }) htmlDescription: string;
  @ApiProperty({ enum: Object.values(RecordState) }) status: string;
}

/** Applications of one posting by state (every state present, 0 when none). */
export class JobApplicationCountsDto {
  @ApiProperty() RECEIVED: number;
  @ApiProperty() IN_REVIEW: number;
  @ApiProperty() INTERVIEW: number;
  @ApiProperty() REJECTED: number;
  @ApiProperty() HIRED: number;
}

/** A posting in the admin's list: any status, with its applications counted by state. */
export class AdminJobDto extends JobDto {
  @ApiProperty({ type: JobApplicationCountsDto }) applications: JobApplicationCountsDto;
  @ApiProperty({ description: 'All applications of the posting' }) totalApplications: number;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** `POST jobs` / `PUT jobs/{id}`: a posting as an admin writes it (the description is sanitised on save). */
export class SaveJobDto {
  @ApiProperty({ example: 'Community Manager', maxLength: 120 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Enter a title.' })
  @MaxLength(120, { message: 'title must be at most 120 characters' })
  title: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Full-time', maxLength: 60 })
  @IsOptional()
  @Transform(blankToNull)
  @IsString()
  @MaxLength(60, { message: 'type must be at most 60 characters' })
  type?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Remote (US)', maxLength: 120 })
  @IsOptional()
  @Transform(blankToNull)
  @IsString()
  @MaxLength(120, { message: 'location must be at most 120 characters' })
  location?: string | null;

  @ApiProperty({
    description: 'HTML; only p, br, strong, em, u, ul, ol, li, h2–h4, blockquote and links survive',
    maxLength: MAX_JOB_DESCRIPTION,
  })
  @IsString()
  @IsNotEmpty({ message: 'Enter a description.' })
  @MaxLength(MAX_JOB_DESCRIPTION, {
    message: `htmlDescription must be at most ${MAX_JOB_DESCRIPTION} characters`,
  })
  htmlDescription: string;
}

/** `jobs/{id}/apply` (multipart, with the résumé in field "resume"). */
export class ApplyForJobDto {
  @ApiProperty({ example: 'Ada Lovelace', maxLength: 120 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Enter your full name.' })
  @MaxLength(120, { message: 'fullName must be at most 120 characters' })
  fullName: string;

  @ApiProperty({ example: 'ada@example.com', maxLength: 254 })
  @Transform(trim)
  @IsEmail({}, { message: 'Enter an e-mail address such as name@example.com.' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '+1 212 555 0100', maxLength: 40 })
  @IsOptional()
  @Transform(blankToNull)
  @IsString()
  @MaxLength(40, { message: 'phone must be at most 40 characters' })
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '12 Main St, Brooklyn, NY', maxLength: 300 })
  @IsOptional()
  @Transform(blankToNull)
  @IsString()
  @MaxLength(300, { message: 'address must be at most 300 characters' })
  address?: string | null;
}

/** The answer to an application: its id and when it was received. */
export class JobApplicationReceivedDto {
  @ApiProperty() id: string;
  @ApiProperty() jobTitle: string;
  @ApiProperty({ format: 'date-time' }) receivedAt: string;
}

/** An application as admins see it. */
export class JobApplicationDto {
  @ApiProperty() id: string;
  @ApiProperty() jobId: string;
  @ApiProperty() fullName: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Storage key of the private résumé' })
  resumePath: string | null;
  @ApiProperty({ enum: Object.values(JobApplicationStatus) }) status: JobApplicationStatus;
  @ApiProperty({
    enum: Object.values(JobApplicationStatus),
    isArray: true,
    description: 'The states it may move to next',
  })
  nextStatuses: JobApplicationStatus[];
  @ApiProperty({ format: 'date-time' }) receivedAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** `jobs/{id}/applications`: a page of a posting's applications, newest first, optionally in one state. */
export class JobApplicationsQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: Object.values(JobApplicationStatus), description: 'Every state when absent' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn(Object.values(JobApplicationStatus), {
    message: `status must be one of ${Object.values(JobApplicationStatus).join(', ')}`,
  })
  status?: JobApplicationStatus;
}

/** `PATCH jobs/{jobId}/applications/{appId}`: the state to move to. */
export class MoveJobApplicationDto {
  @ApiProperty({ enum: Object.values(JobApplicationStatus) })
  @IsIn(Object.values(JobApplicationStatus), {
    message: `status must be one of ${Object.values(JobApplicationStatus).join(', ')}`,
  })
  status: JobApplicationStatus;
}
