import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
import { SuppressionSource } from '../messaging/suppression.service.js';
import { OneClickBodyDto, UnsubscribeQueryDto } from './dto/subscription-request.dto.js';
import { UnsubscribeInfoDto } from './dto/subscription-response.dto.js';
import { INVALID_UNSUBSCRIBE_LINK, OTHER_ADDRESS, UnsubscribeService } from './unsubscribe.service.js';

/**
 * spec §7 `unsubscribe?email` with the signed token of the e-mail's link: the `/l/unsubscribe` page reads
 * and posts here, and mail clients POST here for RFC 8058 one-click (cross-site, no cookie).
 */
@ApiTags('subscriptions')
@Public()
@Controller('unsubscribe')
export class UnsubscribeController {
  constructor(private readonly service: UnsubscribeService) {}

  @Get()
  @ApiOperation({
    summary: 'What the link unsubscribes from and whether it is unsubscribed now (changes nothing)',
  })
  @ApiOkResponse({ type: UnsubscribeInfoDto })
  @ApiBadRequestResponse({ description: `${INVALID_UNSUBSCRIBE_LINK} / ${OTHER_ADDRESS}` })
  describe(@Query() query: UnsubscribeQueryDto): Promise<UnsubscribeInfoDto> {
    return this.service.describe(query.token, query.email);
  }

  @Post()
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({
    summary:
      "Unsubscribe: RFC 8058 one-click (form body List-Unsubscribe=One-Click) or the page's button. A forged token or another address: 400, nothing changed",
  })
  @ApiOkResponse({ type: UnsubscribeInfoDto })
  @ApiBadRequestResponse({ description: `${INVALID_UNSUBSCRIBE_LINK} / ${OTHER_ADDRESS}` })
  unsubscribe(
    @Query() query: UnsubscribeQueryDto,
    @Body() body?: OneClickBodyDto,
  ): Promise<UnsubscribeInfoDto> {
    const source =
      body?.['List-Unsubscribe'] === 'One-Click' ? SuppressionSource.ONE_CLICK : SuppressionSource.LINK;
    return this.service.unsubscribe(query.token, query.email, source);
  }

  @Post('resubscribe')
  @HttpCode(200)
  @ApiOperation({ summary: 'Undo an unsubscribe with the same link' })
  @ApiOkResponse({ type: UnsubscribeInfoDto })
  @ApiBadRequestResponse({ description: `${INVALID_UNSUBSCRIBE_LINK} / ${OTHER_ADDRESS}` })
  resubscribe(@Query() query: UnsubscribeQueryDto): Promise<UnsubscribeInfoDto> {
    return this.service.resubscribe(query.token, query.email);
  }
}
