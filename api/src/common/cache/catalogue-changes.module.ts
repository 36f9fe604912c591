import { Module } from '@nestjs/common';
import { CatalogueChangesListener } from './catalogue-changes.listener.js';

/** The one listener of a process, for the modules whose caches follow the catalogue. */
@Module({ providers: [CatalogueChangesListener], exports: [CatalogueChangesListener] })
export class CatalogueChangesModule {}
