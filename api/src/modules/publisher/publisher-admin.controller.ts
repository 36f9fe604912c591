import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { PublisherReviewDto } from './dto/publisher-detail.dto.js';
import { ApprovePublisherDto, BlockPublisherDto, PublisherIdQuery } from './dto/review-publisher.dto.js';
import { AuditService } from '../audit/audit.service.js';
import { PublisherReviewService } from './publisher-review.service.js';
import { PublisherService } from './publisher.service.js';

class RecacheOneDto {
  @ApiProperty() publisherId: string;
  @ApiProperty({
    description: 'False when the kitchen is not approved (it is then only dropped from the cache)',
  })
  cached: boolean;
}

class RecacheAllDto {
  @ApiProperty({ description: 'Cache keys removed first' }) removed: number;
  @ApiProperty({ description: 'Approved kitchens cached' }) cached: number;
}

/** Admins review kitchens and manage the kitchen cache. */
@ApiTags('publisher')
@Roles(Role.ADMIN)
@Controller('publisher')
export class PublisherAdminController {
  constructor(
    private readonly review: PublisherReviewService,
    private readonly publishers: PublisherService,
    private readonly audit: AuditService,
  ) {}

  @Post('approve')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Approve a PENDING or BLOCKED kitchen: its owner is a chef from their next request and its items show again',
  })
  @ApiOkResponse({ type: PublisherReviewDto })
  @ApiConflictResponse({ description: 'The kitchen is already approved' })
  approve(@Actor() actor: Principal, @Body() dto: ApprovePublisherDto): Promise<PublisherReviewDto> {
    return this.review.approve(actor, dto);
  }

  @Post('block')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Block a PENDING or APPROVED kitchen with comments: it and its items stop showing anywhere',
  })
  @ApiOkResponse({ type: PublisherReviewDto })
  @ApiConflictResponse({ description: 'The kitchen is already blocked' })
  block(@Actor() actor: Principal, @Body() dto: BlockPublisherDto): Promise<PublisherReviewDto> {
    return this.review.block(actor, dto);
  }

  @Post('cache-publisher')
  @HttpCode(200)
  @ApiOperation({ summary: "Reload one kitchen's entry in the Redis kitchen cache" })
  @ApiOkResponse({ type: RecacheOneDto })
  async cachePublisher(@Actor() actor: Principal, @Query() query: PublisherIdQuery): Promise<RecacheOneDto> {
    const result = await this.publishers.recache(query.publisherId);
    await this.audit.recordAlone(actor, {
      action: 'publisher.cache',
      targetType: 'publisher',
      targetId: query.publisherId,
      after: { ...result },
    });
    return result;
  }

  @Post('re-cache-publishers')
  @HttpCode(200)
  @ApiOperation({ summary: 'Empty the Redis kitchen cache and fill it with every approved kitchen' })
  @ApiOkResponse({ type: RecacheAllDto })
  async recachePublishers(@Actor() actor: Principal): Promise<RecacheAllDto> {
    const result = await this.publishers.recacheAll();
    await this.audit.recordAlone(actor, {
      action: 'publisher.recache-all',
      targetType: 'publisher-cache',
      targetId: null,
      after: { ...result },
    });
    return result;
  }
}
