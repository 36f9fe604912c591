import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module.js';
import { exitOnBootFailure } from './config/boot.js';
import { validateEnv } from './config/env.js';

/** Second entry point of the same image: consumes the BullMQ queues (architecture "Jobs"). */
async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule.register(), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.get(Logger).log('Worker started; consuming queues');
}

try {
  // Before Nest: a refused setting is one line, not Nest's logged stack.
  validateEnv(process.env);
  bootstrap().catch(exitOnBootFailure);
} catch (error) {
  exitOnBootFailure(error);
}
