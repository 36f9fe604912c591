import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PickupLocationEntity } from './pickup-location.entity.js';
import { PublisherController } from './publisher.controller.js';
import { PublisherEntity } from './publisher.entity.js';
import { PublisherService } from './publisher.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PublisherEntity, PickupLocationEntity])],
  controllers: [PublisherController],
  providers: [PublisherService],
  exports: [PublisherService],
})
export class PublisherModule {}
