import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { TIME_ZONE_HEADER } from '@hearth/shared';

/**
 * The API's OpenAPI document, read from the controllers' and DTOs' decorators: served at `…/docs` and written
 * to `api/openapi.json`, from which the web's API types are generated. The app must have its global prefix.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
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
}
