import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { Logger } from 'nestjs-pino';
import { API_PREFIX, TIME_ZONE_HEADER } from '@hearth/shared';
import { ProblemFilter } from './common/problem/problem.filter.js';
import { createValidationPipe } from './common/problem/validation.js';

const PREFIX = API_PREFIX.replace(/^\//, '');

/** Global prefix, pipes, filters, logging and the OpenAPI document: shared by main.ts and the tests. */
export function configureApp(app: INestApplication): INestApplication {
  const express = app as NestExpressApplication;
  express.useLogger(app.get(Logger));
  express.set('trust proxy', 'loopback');
  express.disable('x-powered-by');
  // No ETags: the API's callers (the web's loaders, scripts) never send If-None-Match, and hashing every
  // response body cost CPU on each request.
  express.set('etag', false);
  app.use(cookieParser());
  app.setGlobalPrefix(PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Hearth API')
      .setDescription(
        `The marketplace API. Every error is application/problem+json. Send the caller's IANA time zone in ${TIME_ZONE_HEADER}.`,
      )
      .setVersion('1')
      .addCookieAuth('hearth_session')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(`${PREFIX}/docs`, app, document, { jsonDocumentUrl: `${PREFIX}/docs/openapi.json` });
  return app;
}
