import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/http/public.decorator.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { UnlockedKitchenDto, VerifySecretCodeDto } from './dto/secret-code-verify.dto.js';
import { KitchenCodeService } from './kitchen-code.service.js';

@ApiTags('settings')
@Public()
@Controller('secret-code')
export class SecretCodeVerifyController {
  constructor(private readonly codes: KitchenCodeService) {}

  @Post('verify')
  @HttpCode(200)
  @RateLimit('auth')
  @ApiOperation({
    summary: "Check a kitchen's secret code; a correct one unlocks the kitchen's private menus",
    description:
      'Case-insensitive, compared in constant time. A wrong code is 400 with a field error on `code`; after 10 different wrong ' +
      'codes for one kitchen (15 minutes) or 30 over all kitchens (an hour) from one address, every code is refused with 429 ' +
      'and Retry-After. Then send X-Kitchen-Code: <kitchenId>:<code> to the kitchen, item and cart endpoints.',
  })
  @ApiOkResponse({ type: UnlockedKitchenDto })
  verify(
    @Body() dto: VerifySecretCodeDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<UnlockedKitchenDto> {
    return this.codes.verify(req, res, dto.kitchen, dto.code);
  }
}
