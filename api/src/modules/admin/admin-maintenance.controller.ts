import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@hearth/shared';
import { Actor, type Principal } from '../../common/http/principal.js';
import { Roles } from '../../common/http/roles.decorator.js';
import { AdminCleanService } from './clean/admin-clean.service.js';
import { AdminMigrationsService } from './clean/admin-migrations.service.js';
import { CleanReportDto, CleanRunDto, StartCleanDto } from './dto/clean.dto.js';
import { MigrationRunDto, MigrationsDto } from './dto/migrations.dto.js';

const uuid = new ParseUUIDPipe({ version: '4' });

/** Admin-only upkeep of spec §6: cleaning expired data (`admin/clean`) and migrating the database (`admin/migrateDB`). */
@ApiTags('admin')
@Roles(Role.ADMIN)
@Controller('admin')
export class AdminMaintenanceController {
  constructor(
    private readonly clean: AdminCleanService,
    private readonly migrations: AdminMigrationsService,
  ) {}

  @Get('clean')
  @ApiOperation({
    summary:
      'Dry run of the clean: per kind of expired data (guest carts, ended login sessions, orphaned uploads, old delivered e-mails, unconfirmed guest subscriptions) how much would go, and the cut-off used',
  })
  @ApiOkResponse({ type: CleanReportDto })
  dryRun(): Promise<CleanReportDto> {
    return this.clean.dryRun();
  }

  @Post('clean')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Clean expired data ({confirm: true}, optionally some kinds only): queued as a job that removes it in batches; follow it at admin/clean/{id}. Never touches orders or payments.',
  })
  @ApiAcceptedResponse({ type: CleanRunDto })
  startClean(@Actor() actor: Principal, @Body() dto: StartCleanDto): Promise<CleanRunDto> {
    return this.clean.start(actor, dto);
  }

  @Get('clean/:id')
  @ApiOperation({ summary: "A clean's progress: per kind what the dry run found and what has gone so far" })
  @ApiOkResponse({ type: CleanRunDto })
  cleanRun(@Param('id', uuid) id: string): Promise<CleanRunDto> {
    return this.clean.view(id);
  }

  @Get('migrateDB')
  @ApiOperation({ summary: 'The database migrations: applied ones (name, when) and pending ones' })
  @ApiOkResponse({ type: MigrationsDto })
  listMigrations(): Promise<MigrationsDto> {
    return this.migrations.list();
  }

  @Post('migrateDB')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Apply the pending migrations under the migration lock (a concurrent run waits, then finds nothing to do); answers what this run applied',
  })
  @ApiOkResponse({ type: MigrationRunDto })
  migrate(@Actor() actor: Principal): Promise<MigrationRunDto> {
    return this.migrations.run(actor);
  }
}
