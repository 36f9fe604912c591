import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module.js';
import { exitOnBootFailure } from './config/boot.js';

/** Second entry point of the same image: consumes the BullMQ queues (architecture "Jobs"). */
async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.get(Logger).log('Worker started; consuming queues');
}

bootstrap().catch(exitOnBootFailure);
