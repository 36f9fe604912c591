import { HttpStatus, ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { ProblemType, type FieldError } from '@hearth/shared';
import { ProblemException } from './problem.exception.js';

/** Flattens nested class-validator errors into `{ field: 'a.b[0].c', message }` pairs. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const key = /^\d+$/.test(error.property) ? `[${error.property}]` : error.property;
    const field = parent ? (key.startsWith('[') ? `${parent}${key}` : `${parent}.${key}`) : key;
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      field,
      message: humanize(message, field),
    }));
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

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
const remembering = new WeakSet<MetadataStorage>();

/**
 * class-validator works out a class's rules (its own and its parents') on every validation by scanning the
 * rules of every class in the app: about 35 µs of the 85 µs that validating the search query takes. The rules
 * are fixed once the classes are loaded, so each answer is remembered; a rule registered later (a class
 * loaded late) forgets everything remembered.
 */
export function rememberValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  if (remembering.has(storage)) return;
  remembering.add(storage);
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  let remembered = new Map<unknown, Map<string, ReturnType<typeof lookup>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}|${always}|${strictGroups}|${groups?.join('\u0000') ?? ''}`;
    let byOptions = remembered.get(target);
    if (!byOptions) remembered.set(target, (byOptions = new Map()));
    let rules = byOptions.get(options);
    if (!rules) byOptions.set(options, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.addValidationMetadata = (metadata) => {
    remembered = new Map();
    register(metadata);
  };
}

/** The global ValidationPipe: whitelist, forbid unknown fields, transform, and problem-shaped failures. */
export function createValidationPipe(): ValidationPipe {
  rememberValidationRules();
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
