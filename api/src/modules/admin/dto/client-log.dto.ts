import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  CLIENT_LOG_MAX_MESSAGE,
  CLIENT_LOG_MAX_PATH,
  CLIENT_LOG_MAX_RELEASE,
  CLIENT_LOG_MAX_STACK,
  CLIENT_LOG_RETENTION_DAYS,
  ClientLogSource,
} from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const LEVELS = ['error', 'warn'] as const;

/**
 * `POST log`: one client-side error. Bounded: a longer message or stack is refused (the web client cuts
 * them before sending); only these fields are accepted, and every text is scrubbed of personal data.
 */
export class CreateClientLogDto {
  @ApiPropertyOptional({ enum: LEVELS, default: 'error' })
  @IsOptional()
  @IsIn(LEVELS, { message: 'level must be error or warn' })
  level: 'error' | 'warn' = 'error';

  @ApiProperty({
    maxLength: CLIENT_LOG_MAX_MESSAGE,
    example: "TypeError: Cannot read properties of undefined (reading 'map')",
  })
  @IsString()
  @Length(1, CLIENT_LOG_MAX_MESSAGE, {
    message: `message must be between 1 and ${CLIENT_LOG_MAX_MESSAGE} characters`,
  })
  message: string;

  @ApiPropertyOptional({ maxLength: CLIENT_LOG_MAX_STACK })
  @IsOptional()
  @IsString()
  @MaxLength(CLIENT_LOG_MAX_STACK, { message: `stack must be at most ${CLIENT_LOG_MAX_STACK} characters` })
  stack?: string;

  @ApiPropertyOptional({ enum: Object.values(ClientLogSource), description: 'What raised it' })
  @IsOptional()
  @IsIn(Object.values(ClientLogSource), { message: 'source must be error, unhandledrejection or boundary' })
  source?: ClientLogSource;

  @ApiPropertyOptional({
    maxLength: CLIENT_LOG_MAX_PATH,
    example: '/l/cart',
    description: 'The page (its query string is dropped)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(CLIENT_LOG_MAX_PATH, { message: `path must be at most ${CLIENT_LOG_MAX_PATH} characters` })
  path?: string;

  @ApiPropertyOptional({ maxLength: CLIENT_LOG_MAX_RELEASE, example: '2026.11.25-abc123' })
  @IsOptional()
  @IsString()
  @MaxLength(CLIENT_LOG_MAX_RELEASE, {
    message: `release must be at most ${CLIENT_LOG_MAX_RELEASE} characters`,
  })
  @Matches(/^[\w.+-]*$/, { message: 'release must be letters, digits, dots, dashes or underscores' })
  release?: string;

  @ApiPropertyOptional({
    maxLength: 512,
    description:
      "The browser's User-Agent (only its family and major version are kept); default the request's",
  })
  @IsOptional()
  @IsString()
  @MaxLength(512, { message: 'userAgent must be at most 512 characters' })
  userAgent?: string;
}

/** `admin/logs`: groups of client errors seen in the last `days` days, most recently seen first. */
export class ClientLogQuery extends PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: CLIENT_LOG_RETENTION_DAYS, default: 7 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `days must be a whole number from 1 to ${CLIENT_LOG_RETENTION_DAYS}` })
  @Min(1, { message: `days must be a whole number from 1 to ${CLIENT_LOG_RETENTION_DAYS}` })
  @Max(CLIENT_LOG_RETENTION_DAYS, {
    message: `days must be a whole number from 1 to ${CLIENT_LOG_RETENTION_DAYS}`,
  })
  days: number = 7;
}

/** One group of client errors: the same (scrubbed) message at the same level. */
export class ClientLogGroupDto {
  @ApiProperty({ enum: ['debug', 'info', 'warn', 'error'] }) level: string;
  @ApiProperty() message: string;
  @ApiProperty({ description: 'Reports in the period' }) count: number;
  @ApiProperty({ format: 'date-time' }) firstSeen: string;
  @ApiProperty({ format: 'date-time' }) lastSeen: string;
  @ApiProperty({ type: String, nullable: true, description: 'The stack of the latest report' })
  sampleStack: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The page of the latest report' })
  samplePath: string | null;
  @ApiProperty({ type: [String], description: 'Browser families that reported it' }) browsers: string[];
  @ApiProperty({ type: [String], description: 'Releases that reported it' }) releases: string[];
}
