import { describe, expect, it } from 'vitest';
import { inboxSql, searchTerms, termCondition } from './inbox.sql.js';

describe('inbox search words', () => {
  it('keeps letters, digits and e-mail characters; everything else separates words', () => {
    expect(searchTerms("Hoboken & !vegan's :* (sam-1@x.test)")).toEqual([
      'hoboken',
      'vegan',
      's',
      'sam-1@x.test',
    ]);
    expect(searchTerms(' --- ')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });

  it('matches a word prefix of the text or the start of the e-mail, LIKE wildcards escaped', () => {
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    expect(termCondition('tv', 'c.email', 'a_b%', p)).toBe(
      `(tv @@ to_tsquery('simple', $1) OR lower(c.email) LIKE $2)`,
    );
    expect(params).toEqual([`'a_b%':*`, 'a\\_b\\%%']);
  });
});

describe(inboxSql.name, () => {
  const base = { timeZone: 'America/New_York', page: 0, size: 20 };

  it('leaves feedback out when a status is asked for, and every source in otherwise', () => {
    expect(inboxSql(base).sql).toContain('FROM feedback');
    expect(inboxSql({ ...base, status: 'OPEN' }).sql).not.toContain('FROM feedback');
    const chef = inboxSql({ ...base, type: 'ENQUIRY_TO_CHEF' });
    expect(chef.sql).not.toContain('FROM contact_message');
    expect(chef.params).toContainEqual(['ENQUIRY_TO_CHEF']);
  });

  it('a query without any word finds nothing; the count has the list’s parameters without the page', () => {
    const none = inboxSql({ ...base, query: '&&' });
    expect(none.countSql).toContain('false');
    const { params, countParams } = inboxSql({ ...base, from: '2026-01-01', query: 'vegan' });
    expect(params.slice(0, countParams.length)).toEqual(countParams);
    expect(params.slice(countParams.length)).toEqual([20, 0]);
  });
});
