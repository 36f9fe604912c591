import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.js';
import { FilesController } from './files.controller.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { StorageAdapter } from './storage.adapter.js';
import { UploadService } from './upload.service.js';

/** The storage adapter (local disk by default) and the public file endpoint. */
@Global()
@Module({
  controllers: [FilesController],
  providers: [
    {
      provide: StorageAdapter,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) =>
        new LocalDiskStorage(config.get('STORAGE_DIR', { infer: true })),
    },
    UploadService,
  ],
  exports: [StorageAdapter, UploadService],
})
export class StorageModule {}
