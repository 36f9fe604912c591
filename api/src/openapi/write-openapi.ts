/**
 * Writes the API's OpenAPI document to `api/openapi.json` (or the file given), from the code alone: the app
 * is created in Nest's preview mode, which reads modules, controllers and decorators but instantiates no
 * provider, so nothing connects to PostgreSQL or Redis. Runs after `tsc` in the api build
 * (`node dist/openapi/write-openapi.js`); the web build generates its API types from the file
 * (`web/scripts/api-types.mjs`), and `npm test` fails when the committed types differ from it.
 */
import 'reflect-metadata';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { API_PREFIX } from '@hearth/shared';
import { AppModule } from '../app.module.js';
import { createHttpAdapter } from '../app.setup.js';
import { createOpenApiDocument } from './openapi-document.js';

/** The committed document, beside the api package's package.json. */
export const OPENAPI_FILE = join(__dirname, '..', '..', 'openapi.json');

/** The document as the running API serves it, built without a database. */
export async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule.register(), createHttpAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    app.setGlobalPrefix(API_PREFIX.replace(/^\//, ''));
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

/** The document as written to the file: stable key order as Nest emits it, two-space indent, final newline. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<void> {
  const file = resolve(process.argv[2] ?? OPENAPI_FILE);
  const text = serializeOpenApiDocument(await buildOpenApiDocument());
  // Written only when it changed, so a build that changes no endpoint leaves the file (and its time) alone.
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text);
  console.log(`write-openapi: ${file} updated`);
}

// Run only as a script, not when imported (under Vitest there is no `require`).
if (typeof require !== 'undefined' && require.main === module) {
  main().catch((error: unknown) => {
    console.error(`write-openapi: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
