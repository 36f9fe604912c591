import {
  CallHandler,
  ExecutionContext,
  Injectable,
  PayloadTooLargeException,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileFieldsInterceptor, FileInterceptor } from '@nestjs/platform-fastify';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { MAX_UPLOAD_BYTES } from '@hearth/shared';
import { tooLarge } from './upload.service.js';

const limits = { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 200 };

/**
 * Reads a multipart upload into memory with a size limit (reading stops one byte over) and turns "File too
 * large" into the app's 413 problem naming the limit. `maxCount > 1` accepts several files in one field
 * (`req.files[field]`). Nest's Fastify interceptors keep multer's semantics; the multipart parser itself is
 * registered in app.setup.ts.
 */
export function Upload(field = 'file', maxCount = 1): Type<NestInterceptor> {
  const Inner =
    maxCount === 1
      ? FileInterceptor(field, { limits })
      : FileFieldsInterceptor([{ name: field, maxCount }], { limits });

  @Injectable()
  class UploadInterceptor implements NestInterceptor {
    private readonly inner = new Inner();

    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      return from(Promise.resolve(this.inner.intercept(context, next))).pipe(
        mergeMap((result) => result),
        catchError((error: unknown) =>
          throwError(() => (error instanceof PayloadTooLargeException ? tooLarge(field) : error)),
        ),
      );
    }
  }
  return mixin(UploadInterceptor);
}
