import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ProblemException } from './problem.exception.js';
import { createValidationPipe, ValidatedOncePerQueryString } from './validation.js';

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

describe('query strings validated once per process (ValidatedOncePerQueryString)', () => {
  let transforms = 0;
  @ValidatedOncePerQueryString()
  class Search {
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: 'page must be a whole number' })
    page = 0;

    @IsOptional()
    @Transform(({ value }: { value: unknown }) => {
      transforms += 1;
      return typeof value === 'string' ? value.split(',') : value;
    })
    tags: string[] = [];
  }
  class WiderSearch extends Search {}

  const query = (metatype: new () => object, value: object, pipe = createValidationPipe()) =>
    pipe.transform(value, { type: 'query', metatype }) as Promise<Search>;

  it('answers a query string it has validated with a copy of the same value, without validating it again', async () => {
    const pipe = createValidationPipe();
    transforms = 0;
    const first = await query(Search, { page: '2', tags: 'a,b' }, pipe);
    const again = await query(Search, { page: '2', tags: 'a,b' }, pipe);
    expect(transforms).toBe(1);
    expect(again).toBeInstanceOf(Search);
    expect(again).toEqual(first);
    expect(again).toEqual(Object.assign(new Search(), { page: 2, tags: ['a', 'b'] }));
    // A copy: what one request changes is not what the next one gets
    again.tags.push('c');
    const third = await query(Search, { page: '2', tags: 'a,b' }, pipe);
    expect(third.tags).toEqual(['a', 'b']);
    // Another query string is validated on its own
    await query(Search, { page: '3', tags: 'a,b' }, pipe);
    expect(transforms).toBe(2);
  });

  it('validates a bad query string every time, and only marked classes are remembered', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 2; i++) {
      await expect(query(Search, { page: 'x' }, pipe)).rejects.toBeInstanceOf(ProblemException);
      await expect(query(Search, { page: '1', extra: '1' }, pipe)).rejects.toBeInstanceOf(ProblemException);
    }
    transforms = 0;
    await query(WiderSearch, { tags: 'a' }, pipe);
    await query(WiderSearch, { tags: 'a' }, pipe);
    expect(transforms).toBe(2);
    // Bodies are never remembered, even of a marked class
    transforms = 0;
    for (let i = 0; i < 2; i++) await pipe.transform({ tags: 'a' }, { type: 'body', metatype: Search });
    expect(transforms).toBe(2);
  });
});
