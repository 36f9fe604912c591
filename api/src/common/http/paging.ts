import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import type { Request, Response } from 'express';
import { DEFAULTS } from '@hearth/shared';

/** Paging query of the architecture: `page` (from 0), `size`, `sort=field,asc|desc`. */
export class PageQueryDto {
  @ApiPropertyOptional({ default: DEFAULTS.page, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  page: number = DEFAULTS.page;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  size: number = 20;

  @ApiPropertyOptional({ example: 'id,asc' })
  @IsOptional()
  @Matches(/^[A-Za-z_.]+(,(asc|desc))?$/i, { message: 'sort must look like "field,asc" or "field,desc"' })
  sort?: string;
}

/** Parses `field,dir` against the fields a query allows; anything else falls back to the default. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: { field: F; direction: 'ASC' | 'DESC' },
): { field: F; direction: 'ASC' | 'DESC' } {
  if (!sort) return fallback;
  const [field, dir] = sort.split(',');
  if (!(allowed as readonly string[]).includes(field)) return fallback;
  return { field: field as F, direction: dir?.toLowerCase() === 'desc' ? 'DESC' : 'ASC' };
}

/** Sets `X-Total-Count` and an RFC 8288 `Link` header (first, prev, next, last). */
export function setPagingHeaders(req: Request, res: Response, total: number, page: number, size: number): void {
  res.setHeader('X-Total-Count', String(total));
  const last = Math.max(0, Math.ceil(total / size) - 1);
  const url = new URL(req.originalUrl, 'http://x');
  const link = (p: number, rel: string) => {
    url.searchParams.set('page', String(p));
    url.searchParams.set('size', String(size));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(0, 'first')];
  if (page > 0) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  links.push(link(last, 'last'));
  res.setHeader('Link', links.join(', '));
  res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Link');
}
