import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { RecordState } from '@hearth/shared';
import { notFound } from '../../common/problem/problem.exception.js';
import type { JobDto } from './dto/job.dto.js';
import { JobEntity } from './job.entity.js';

const mapJob = (j: JobEntity): JobDto => ({
  id: j.id,
  title: j.title,
  type: j.type,
  location: j.location,
  htmlDescription: j.htmlDescription,
  status: j.status,
});

@Injectable()
export class JobsService {
  constructor(@InjectRepository(JobEntity) private readonly jobs: Repository<JobEntity>) {}

  /** Open positions, alphabetically. */
  async listOpen(): Promise<JobDto[]> {
    const rows = await this.jobs.find({ where: { status: RecordState.ACTIVE }, order: { title: 'ASC' } });
    return rows.map(mapJob);
  }

  /** An open position by its title (the careers page addresses postings by title). */
  async findOpenByTitle(title: string): Promise<JobDto> {
    const job = await this.jobs
      .createQueryBuilder('j')
      .where('lower(j.title) = lower(:title)', { title })
      .andWhere('j.status = :status', { status: RecordState.ACTIVE })
      .getOne();
    if (!job) throw notFound(`No open position is called "${title}".`, { title });
    return mapJob(job);
  }
}
