import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/http/public.decorator.js';
import { JobDto } from './dto/job.dto.js';
import { JobsService } from './jobs.service.js';

@ApiTags('jobs')
@Controller('jobs')
export class JobsController {
  constructor(private readonly service: JobsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Open positions' })
  @ApiOkResponse({ type: [JobDto] })
  list(): Promise<JobDto[]> {
    return this.service.listOpen();
  }

  @Public()
  @Get('title/:title')
  @ApiOperation({ summary: 'An open position by title' })
  @ApiOkResponse({ type: JobDto })
  byTitle(@Param('title') title: string): Promise<JobDto> {
    return this.service.findOpenByTitle(title);
  }
}
