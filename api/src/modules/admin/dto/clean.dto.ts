import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, Equals, IsArray, IsIn, IsOptional } from 'class-validator';
import { CleanCategory } from '@hearth/shared';

const CATEGORIES = Object.values(CleanCategory);

/** One kind of data in the dry run: how much would go, and the cut-off used. */
export class CleanCategoryReportDto {
  @ApiProperty({ enum: CATEGORIES, enumName: 'CleanCategory' }) category: CleanCategory;
  @ApiProperty({ description: 'Rows (or stored files) the clean would remove now' }) count: number;
  @ApiProperty({
    format: 'date-time',
    description: 'Data of this kind older than this goes (for login sessions: ended before it)',
  })
  cutoff: string;
}

/** `GET admin/clean`: the dry run. */
export class CleanReportDto {
  @ApiProperty({ format: 'date-time', description: 'When the counts were taken' }) checkedAt: string;
  @ApiProperty({ type: [CleanCategoryReportDto] }) categories: CleanCategoryReportDto[];
}

/** `POST admin/clean`: start the clean of the chosen kinds (all when none are named). */
export class StartCleanDto {
  @ApiProperty({ example: true, description: 'Must be true: the data removed cannot be brought back' })
  @Equals(true, { message: 'Confirm the clean: the data it removes cannot be brought back.' })
  confirm: boolean;

  @ApiPropertyOptional({
    enum: CATEGORIES,
    enumName: 'CleanCategory',
    isArray: true,
    description: 'The kinds of data to clean; every kind when left out',
  })
  @IsOptional()
  @IsArray({ message: 'categories must be a list' })
  @ArrayNotEmpty({ message: 'Choose at least one kind of data to clean.' })
  @ArrayUnique({ message: 'categories must not name a kind twice' })
  @IsIn(CATEGORIES, { each: true, message: `categories must be among ${CATEGORIES.join(', ')}` })
  categories?: CleanCategory[];
}

/** One kind of data in a clean: what the dry run found when it was asked for, and what has gone so far. */
export class CleanRunCategoryDto {
  @ApiProperty({ enum: CATEGORIES, enumName: 'CleanCategory' }) category: CleanCategory;
  @ApiProperty({ description: 'What the dry run counted when the clean was asked for' }) expected: number;
  @ApiProperty({ description: 'Removed so far' }) removed: number;
  @ApiProperty({ format: 'date-time' }) cutoff: string;
  @ApiProperty({ description: 'True once this kind is finished' }) done: boolean;
}

export const CLEAN_RUN_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type CleanRunState = (typeof CLEAN_RUN_STATES)[number];

/** A clean job and its progress (`POST admin/clean`, `GET admin/clean/{id}`). */
export class CleanRunDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: CLEAN_RUN_STATES, enumName: 'CleanRunState' }) state: CleanRunState;
  @ApiProperty({ format: 'date-time' }) requestedAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finishedAt: string | null;
  @ApiProperty({ type: [CleanRunCategoryDto] }) categories: CleanRunCategoryDto[];
  @ApiProperty({ description: 'Removed so far, all kinds together' }) removed: number;
  @ApiProperty({ description: 'What the dry run counted, all kinds together' }) expected: number;
  @ApiProperty({ nullable: true, type: String, description: 'Why it failed (state FAILED)' })
  error: string | null;
}
