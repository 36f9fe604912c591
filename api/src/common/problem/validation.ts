import { HttpStatus, ValidationPipe, type ValidationError } from '@nestjs/common';
import { ProblemType, type FieldError } from '@hearth/shared';
import { ProblemException } from './problem.exception.js';

/** Flattens nested class-validator errors into `{ field: 'a.b[0].c', message }` pairs. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const key = /^\d+$/.test(error.property) ? `[${error.property}]` : error.property;
    const field = parent ? (key.startsWith('[') ? `${parent}${key}` : `${parent}.${key}`) : key;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message: humanize(message, field) }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

// class-validator says "property x should not exist"; users deserve a sentence naming the field.
function humanize(message: string, field: string): string {
  if (message.startsWith('property ') && message.endsWith(' should not exist')) {
    return `${field} is not a known field`;
  }
  return message;
}

/** The global ValidationPipe: whitelist, forbid unknown fields, transform, and problem-shaped failures. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => {
      const fieldErrors = toFieldErrors(errors);
      return new ProblemException(HttpStatus.BAD_REQUEST, {
        type: ProblemType.VALIDATION,
        title: 'Bad Request',
        detail:
          fieldErrors.length === 1
            ? fieldErrors[0].message
            : `${fieldErrors.length} fields are invalid: ${[...new Set(fieldErrors.map((f) => f.field))].join(', ')}`,
        message: 'error.validation',
        fieldErrors,
      });
    },
  });
}
