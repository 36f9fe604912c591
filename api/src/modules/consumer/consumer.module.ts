import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlacesModule } from '../geo/places.module.js';
import { ConsumerAddressEntity } from './consumer-address.entity.js';
import { ConsumerController } from './consumer.controller.js';
import { ConsumerEntity } from './consumer.entity.js';
import { ConsumerService } from './consumer.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ConsumerEntity, ConsumerAddressEntity]), PlacesModule],
  controllers: [ConsumerController],
  providers: [ConsumerService],
  exports: [ConsumerService],
})
export class ConsumerModule {}
