import { describe, expect, it } from 'vitest';
import { personLabel } from './person';

describe('personLabel', () => {
  it.each([
    ['jane', 'Jane Doe', 'Jane Doe (jane)'],
    ['oidc:3f2a9c1b7e:00u1abcd', 'Jane Doe', 'Jane Doe (oidc:3f2a9c1b7e:00u1abcd)'],
    ['jane', 'jane', 'jane'],
    ['jane', '', 'jane'],
    ['jane', '   ', 'jane'],
    ['jane', null, 'jane'],
  ])('names %s called %j as %j', (username, name, label) => {
    expect(personLabel(username, name)).toBe(label);
  });
});
