import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest, FastifyReply } from 'fastify';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Public } from '../../common/http/public.decorator.js';
import { KITCHEN_CODE_HEADER_DOC } from '../settings/kitchen-code-header.js';
import { CartService } from './cart.service.js';
import { AddCartItemDto, UpdateCartItemDto } from './dto/cart-item-input.dto.js';
import { CartCountDto } from './dto/cart-count.dto.js';
import { CartDto } from './dto/cart.dto.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';

/** The cart works for guests too: it belongs to the signed-in customer, else to the httpOnly `hearth_cart` cookie set on the first add. */
@ApiTags('cart')
@Public()
@Controller('cart')
export class CartController {
  constructor(private readonly service: CartService) {}

  @Get()
  @ApiOperation({
    summary:
      'The cart priced line by line; lines that can no longer be bought are removed and listed with the reason',
  })
  @ApiOkResponse({ type: CartDto })
  view(
    @Actor() actor: Principal | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CartDto> {
    return this.service.view({ actor, req, res });
  }

  @Get('count')
  @ApiOperation({
    summary:
      'How many lines the cart holds, without pricing it (for a header badge); lines that can no longer be bought still count until the cart is read',
  })
  @ApiOkResponse({ type: CartCountDto })
  async count(
    @Actor() actor: Principal | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CartCountDto> {
    return { count: await this.service.count({ actor, req, res }) };
  }

  @Post('items')
  @RateLimit('cart')
  @ApiOperation({
    summary:
      'Add an item for one or more dates (refused past the cut-off, on a date not offered, on a private menu’s date without the kitchen’s code in X-Kitchen-Code, or over the portions left)',
  })
  @ApiHeader(KITCHEN_CODE_HEADER_DOC)
  @ApiCreatedResponse({ type: CartDto })
  add(
    @Actor() actor: Principal | undefined,
    @Body() dto: AddCartItemDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CartDto> {
    return this.service.add({ actor, req, res }, dto);
  }

  @Put('items/:id')
  @RateLimit('cart')
  @ApiOperation({ summary: 'Change the quantity, dates, pricing option or catering flag of a cart line' })
  @ApiHeader(KITCHEN_CODE_HEADER_DOC)
  @ApiOkResponse({ type: CartDto })
  update(
    @Actor() actor: Principal | undefined,
    @Param('id') id: string,
    @Body() dto: UpdateCartItemDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CartDto> {
    return this.service.update({ actor, req, res }, id, dto);
  }

  @Delete('items/:id')
  @RateLimit('cart')
  @ApiOperation({ summary: 'Remove a line from the cart' })
  @ApiOkResponse({ type: CartDto })
  remove(
    @Actor() actor: Principal | undefined,
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CartDto> {
    return this.service.remove({ actor, req, res }, id);
  }

  @Delete()
  @RateLimit('cart')
  @HttpCode(204)
  @ApiOperation({ summary: 'Empty the cart' })
  @ApiNoContentResponse()
  clear(
    @Actor() actor: Principal | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<void> {
    return this.service.clear({ actor, req, res });
  }
}
