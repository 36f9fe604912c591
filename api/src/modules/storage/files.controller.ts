import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/http/public.decorator.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { isValidKey, StorageAdapter } from './storage.adapter.js';

@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(private readonly storage: StorageAdapter) {}

  @Public()
  @Get('*key')
  @ApiOperation({ summary: 'A public picture (item, kitchen, logo) by its storage key' })
  async get(@Param('key') key: string | string[], @Res() res: Response): Promise<void> {
    const path = Array.isArray(key) ? key.join('/') : key;
    const file = isValidKey(path) && path.startsWith('public/') ? await this.storage.get(path) : null;
    if (!file) throw notFound(`File ${path} was not found.`);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Last-Modified', file.modifiedAt.toUTCString());
    // Keys are content-addressed by the uploader (a new upload gets a new key), so they can be cached long.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    file.stream.pipe(res);
  }
}
