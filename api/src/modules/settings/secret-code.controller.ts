import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { SecretCodeDto } from './dto/settings.dto.js';
import { SecretCodeService } from './secret-code.service.js';

@ApiTags('settings')
@Roles(Role.CHEF)
@Controller('secret-code')
export class SecretCodeController {
  constructor(private readonly service: SecretCodeService) {}

  @Get()
  @ApiOperation({ summary: 'Your secret code for private menus (SECRET_CODE); null until generated' })
  @ApiOkResponse({ type: SecretCodeDto })
  get(@Actor() actor: Principal): Promise<SecretCodeDto> {
    return this.service.get(actor);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Generate a new random 8-character secret code; the previous one stops working' })
  @ApiOkResponse({ type: SecretCodeDto })
  regenerate(@Actor() actor: Principal): Promise<SecretCodeDto> {
    return this.service.regenerate(actor);
  }
}
