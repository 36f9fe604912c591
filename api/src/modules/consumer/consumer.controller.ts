import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { ConsumerService } from './consumer.service.js';
import { AddressDto, AddressEmailQuery, AddressInputDto } from './dto/address.dto.js';
import { ConsumerDetailsDto, ConsumerLocationQuery } from './dto/consumer-details.dto.js';

@ApiTags('consumer')
@Roles(Role.USER)
@Controller('consumer')
export class ConsumerController {
  constructor(private readonly service: ConsumerService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's details; lat/lng is the browser's position, if any" })
  @ApiOkResponse({ type: ConsumerDetailsDto })
  details(@Actor() actor: Principal, @Query() query: ConsumerLocationQuery): Promise<ConsumerDetailsDto> {
    return this.service.details(actor, query);
  }

  @Get('delivery/address')
  @ApiOperation({ summary: 'My delivery addresses, first saved first' })
  @ApiOkResponse({ type: [AddressDto] })
  listAddresses(@Actor() actor: Principal): Promise<AddressDto[]> {
    return this.service.listAddresses(actor);
  }

  @Get('delivery/address/email')
  @Roles(Role.ADMIN)
  @ApiOperation({
    summary:
      'Admins: the delivery addresses of the customer with this account e-mail, first saved first; 404 when none',
  })
  @ApiOkResponse({ type: [AddressDto] })
  addressesByEmail(@Query() query: AddressEmailQuery): Promise<AddressDto[]> {
    return this.service.addressesByEmail(query.email);
  }

  @Post('delivery/address')
  @ApiOperation({ summary: 'Save a delivery address' })
  @ApiCreatedResponse({ type: AddressDto })
  addAddress(@Actor() actor: Principal, @Body() dto: AddressInputDto): Promise<AddressDto> {
    return this.service.addAddress(actor, dto);
  }

  @Put('delivery/address/:id')
  @ApiOperation({ summary: 'Change one of my delivery addresses' })
  @ApiOkResponse({ type: AddressDto })
  updateAddress(
    @Actor() actor: Principal,
    @Param('id') id: string,
    @Body() dto: AddressInputDto,
  ): Promise<AddressDto> {
    return this.service.updateAddress(actor, id, dto);
  }

  @Delete('delivery/address/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one of my delivery addresses' })
  @ApiNoContentResponse()
  deleteAddress(@Actor() actor: Principal, @Param('id') id: string): Promise<void> {
    return this.service.deleteAddress(actor, id);
  }
}
