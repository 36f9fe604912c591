import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { KitchenAddressDto, PickupLocationDto } from '../publisher/dto/kitchen-address.dto.js';
import { Upload } from '../storage/upload.interceptor.js';
import type { UploadedBlob } from '../storage/upload.service.js';
import { SaveSettingsDto } from './dto/save-settings.dto.js';
import { SettingsDto, SettingsQuery } from './dto/settings.dto.js';
import { SettingsService } from './settings.service.js';

/** The signed-in chef's settings (`/l/settings`); admins may read any kitchen's. */
@ApiTags('settings')
@Roles(Role.CHEF)
@Controller('settings')
export class SettingsController {
  constructor(private readonly service: SettingsService) {}

  @Get()
  @Roles(Role.CHEF, Role.ADMIN)
  @ApiOperation({
    summary:
      'Your kitchen settings (spec §9 keys without a payment gateway), current values or defaults; admins: any kitchen by publisherId',
  })
  @ApiOkResponse({ type: SettingsDto })
  read(@Actor() actor: Principal, @Query() query: SettingsQuery): Promise<SettingsDto> {
    return this.service.read(actor, query.publisherId);
  }

  @Post('save-settings')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Change some settings (partial update); each key is checked by its own rule and errors name the key',
  })
  @ApiOkResponse({ type: SettingsDto })
  save(@Actor() actor: Principal, @Body() dto: SaveSettingsDto): Promise<SettingsDto> {
    return this.service.save(actor, dto);
  }

  @Post('upload-file')
  @HttpCode(200)
  @UseInterceptors(Upload('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    },
  })
  @ApiOperation({
    summary:
      'Upload the food handler permit (FOOD_HANDLER_PERMIT): a PDF or picture, judged by its bytes, kept private',
  })
  @ApiOkResponse({ type: SettingsDto })
  @ApiPayloadTooLargeResponse({ description: 'The file is larger than 5 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The file is not a PDF, JPEG, PNG or WebP' })
  uploadPermit(
    @Actor() actor: Principal,
    @UploadedFile() file: UploadedBlob | undefined,
  ): Promise<SettingsDto> {
    return this.service.uploadPermit(actor, file);
  }

  @Get('pickup-locations')
  @ApiOperation({ summary: 'Your pickup locations (PICKUP_LOCATIONS), the kitchen address first' })
  @ApiOkResponse({ type: [PickupLocationDto] })
  listPickupLocations(@Actor() actor: Principal): Promise<PickupLocationDto[]> {
    return this.service.listPickupLocations(actor);
  }

  @Post('pickup-locations')
  @ApiOperation({ summary: 'Add a pickup location (an address with coordinates)' })
  @ApiCreatedResponse({ type: PickupLocationDto })
  addPickupLocation(@Actor() actor: Principal, @Body() dto: KitchenAddressDto): Promise<PickupLocationDto> {
    return this.service.addPickupLocation(actor, dto);
  }

  @Put('pickup-locations/:id')
  @ApiOperation({
    summary: 'Change a pickup location; changing the primary one moves the kitchen and its items on the map',
  })
  @ApiOkResponse({ type: PickupLocationDto })
  updatePickupLocation(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Body() dto: KitchenAddressDto,
  ): Promise<PickupLocationDto> {
    return this.service.updatePickupLocation(actor, id, dto);
  }

  @Delete('pickup-locations/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a pickup location (not the primary one: that is the kitchen address)' })
  @ApiNoContentResponse()
  removePickupLocation(@Actor() actor: Principal, @Param('id') id: string): Promise<void> {
    return this.service.removePickupLocation(actor, id);
  }
}
