import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { FavouriteKitchenDto } from './dto/favourite-kitchen.dto.js';
import { FavouriteService } from './favourite.service.js';

/** The spec's `consumer/{a}/{b}` family: `consumer/favourites/{publisherId}`. */
@ApiTags('consumer')
@Roles(Role.USER)
@Controller('consumer/favourites')
export class FavouriteController {
  constructor(private readonly service: FavouriteService) {}

  @Get()
  @ApiOperation({ summary: 'My favourite kitchens, last added first, each with its next 3 orderable dates' })
  @ApiOkResponse({ type: [FavouriteKitchenDto] })
  list(@Actor() actor: Principal): Promise<FavouriteKitchenDto[]> {
    return this.service.list(actor);
  }

  @Post(':publisherId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Add a kitchen to my favourites (again: no change); 404 for an unknown or blocked kitchen',
  })
  @ApiParam({ name: 'publisherId', description: 'Kitchen id' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'Kitchen X was not found.' })
  add(@Actor() actor: Principal, @Param('publisherId') publisherId: string): Promise<void> {
    return this.service.add(actor, publisherId);
  }

  @Delete(':publisherId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a kitchen from my favourites (not a favourite: no change); 404 for an unknown kitchen',
  })
  @ApiParam({ name: 'publisherId', description: 'Kitchen id' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'Kitchen X was not found.' })
  remove(@Actor() actor: Principal, @Param('publisherId') publisherId: string): Promise<void> {
    return this.service.remove(actor, publisherId);
  }
}
