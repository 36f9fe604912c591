import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PickupLocationEntity } from '../publisher/pickup-location.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import { ChefDirectoryReader } from './chef-directory.reader.js';
import { ChefSettingEntity } from './chef-setting.entity.js';

/** The {@link ChefDirectoryReader}, for the item, menu and kitchen modules. */
@Module({
  imports: [TypeOrmModule.forFeature([PublisherEntity, PickupLocationEntity, ChefSettingEntity])],
  providers: [ChefDirectoryReader],
  exports: [ChefDirectoryReader],
})
export class ChefDirectoryModule {}
