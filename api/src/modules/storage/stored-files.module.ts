import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { StorageAdapter } from './storage.adapter.js';

/**
 * The storage adapter alone, for a context without the file endpoints (the worker's clean). The HTTP app's
 * StorageModule provides the same adapter with its endpoints; a second instance over the same directory is
 * harmless (it keeps no state).
 */
@Module({
  providers: [
    {
      provide: StorageAdapter,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) =>
        new LocalDiskStorage(config.get('STORAGE_DIR', { infer: true })),
    },
  ],
  exports: [StorageAdapter],
})
export class StoredFilesModule {}
