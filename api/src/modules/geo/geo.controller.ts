import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
import { ZipCountryQuery, ZipPlaceDto } from './dto/zip-place.dto.js';
import { GeoService } from './geo.service.js';

@ApiTags('consumer')
@Controller('consumer')
export class GeoController {
  constructor(private readonly service: GeoService) {}

  @Public()
  @Get('zip/country')
  @ApiOperation({
    summary:
      'Where a zip code is: US codes offline, other countries from known addresses (404 when it cannot be placed)',
  })
  @ApiOkResponse({ type: ZipPlaceDto })
  @ApiNotFoundResponse({ description: 'We could not place zip code X in COUNTRY.' })
  @ApiUnprocessableEntityResponse({ description: 'A US zip code that is not 5 digits' })
  place(@Query() query: ZipCountryQuery): Promise<ZipPlaceDto> {
    return this.service.placeZip(query.zip, query.country);
  }
}
