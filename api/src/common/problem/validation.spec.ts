import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { IsInt, IsString, Min } from 'class-validator';
import { ProblemException } from './problem.exception.js';
import { createValidationPipe } from './validation.js';

class Portion {
  @IsInt({ message: 'count must be a whole number' })
  @Min(1, { message: 'count must be at least 1' })
  count!: number;
}

async function problemOf(metatype: new () => object, value: object): Promise<string[]> {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemException);
    return ((error as ProblemException).problem.fieldErrors ?? []).map((f) => f.message).sort();
  }
}

describe('the global validation pipe (rules remembered per class)', () => {
  it('applies the same rules on every validation', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await problemOf(Portion, { count: 0 })).toEqual(['count must be at least 1']);
      expect(await problemOf(Portion, { count: 2 })).toEqual([]);
      expect(await problemOf(Portion, { count: 2, extra: 1 })).toEqual(['extra is not a known field']);
    }
  });

  it('sees the rules of a class defined after validations have run, with its parent rules', async () => {
    expect(await problemOf(Portion, { count: 1 })).toEqual([]);
    class NamedPortion extends Portion {
      @IsString({ message: 'name must be text' })
      name!: string;
    }
    expect(await problemOf(NamedPortion, { count: 0, name: 5 })).toEqual([
      'count must be at least 1',
      'name must be text',
    ]);
    expect(await problemOf(NamedPortion, { count: 1, name: 'Small' })).toEqual([]);
    // The parent is unchanged by its child's rules.
    expect(await problemOf(Portion, { count: 1, name: 5 })).toEqual(['name is not a known field']);
  });

  it('forgets what it remembered when a rule is added to a class already validated', async () => {
    class Late {}
    expect(await problemOf(Late, { name: 5 })).toEqual(['name is not a known field']);
    IsString({ message: 'name must be text' })(Late.prototype, 'name');
    expect(await problemOf(Late, { name: 5 })).toEqual(['name must be text']);
  });
});
