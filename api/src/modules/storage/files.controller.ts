import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/http/public.decorator.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { isValidKey, StorageAdapter } from './storage.adapter.js';
import { NoRateLimit } from '../../common/rate-limit/rate-limit.decorator.js';

@ApiTags('files')
@NoRateLimit()
@Controller('files')
export class FilesController {
  constructor(private readonly storage: StorageAdapter) {}

  @Public()
  @Get('*')
  @ApiOperation({ summary: 'A public picture (item, kitchen, logo) by its storage key' })
  async get(@Param('*') path: string, @Res() res: FastifyReply): Promise<void> {
    const file = isValidKey(path) && path.startsWith('public/') ? await this.storage.get(path) : null;
    if (!file) throw notFound(`File ${path} was not found.`);
    res.header('Content-Type', file.contentType);
    res.header('Content-Length', String(file.size));
    res.header('Last-Modified', file.modifiedAt.toUTCString());
    // Keys are content-addressed by the uploader (a new upload gets a new key), so they can be cached long.
    res.header('Cache-Control', 'public, max-age=31536000, immutable');
    res.header('X-Content-Type-Options', 'nosniff');
    return res.send(file.stream);
  }
}
