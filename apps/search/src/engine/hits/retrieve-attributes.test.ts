import { describe, expect, it } from 'vitest';
import { projectRecord } from './retrieve-attributes.ts';

const record = {
  objectID: 'a',
  name: 'TV',
  cost: 3,
  specs: { color: 'red', size: 55 },
  tags: ['x'],
};

describe('projectRecord', () => {
  it('keeps everything for *, minus excluded attributes', () => {
    expect(projectRecord(record, ['*'], [])).toEqual(record);
    expect(projectRecord(record, ['*', '-cost', '-specs.size'], [])).toEqual({
      objectID: 'a',
      name: 'TV',
      specs: { color: 'red' },
      tags: ['x'],
    });
  });

  it('picks listed attributes, nested paths included, and always objectID', () => {
    expect(projectRecord(record, ['name', 'specs.color'], [])).toEqual({
      objectID: 'a',
      name: 'TV',
      specs: { color: 'red' },
    });
    expect(projectRecord(record, [], [])).toEqual({ objectID: 'a' });
  });

  it('removes unretrievable attributes and never modifies the stored record', () => {
    expect(projectRecord(record, ['*'], ['cost', 'objectID'])).toEqual({
      objectID: 'a',
      name: 'TV',
      specs: { color: 'red', size: 55 },
      tags: ['x'],
    });
    expect(record.cost).toBe(3);
  });

  it('removes a hidden path from every object of an array, leaving the stored record as it was', () => {
    const show = {
      objectID: 's',
      performers: [{ name: 'Ann', role: 'lead', fee: 9 }, 'guest', { name: 'Bo' }],
    };
    expect(projectRecord(show, ['*'], ['performers.fee'])).toEqual({
      objectID: 's',
      performers: [{ name: 'Ann', role: 'lead' }, 'guest', { name: 'Bo' }],
    });
    expect(projectRecord(show, ['*', '-performers.role'], [])).toEqual({
      objectID: 's',
      performers: [{ name: 'Ann', fee: 9 }, 'guest', { name: 'Bo' }],
    });
    expect(show.performers[0]).toEqual({ name: 'Ann', role: 'lead', fee: 9 });
  });
});
