import * as library from 'laravel-precognition';
import { describe, expect, it, vi } from 'vitest';
import * as facade from '../../resources/js/lib/precognition';

/**
 * resources/js/lib/precognition.ts stands in for `laravel-precognition` in Inertia's imports (so the
 * library leaves the first load): it must behave as the library does, before and after it arrived.
 */
describe('the lazy laravel-precognition facade', () => {
  it('exports every name Inertia imports from the library', () => {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the test compares the two modules' exports name by name
    for (const name of ['client', 'createValidator', 'resolveName', 'toSimpleValidationErrors'] as const) expect(typeof facade[name], name).toBe(typeof library[name]);
  });

  it('normalises errors and names as the library does', () => {
    const samples: Parameters<typeof library.toSimpleValidationErrors>[0][] = [
      {},
      { name: 'Required.' },
      { name: ['Required.', 'Too short.'], email: ['Taken.'] },
      { 'items.0.title': ['Missing.'] },
      { plain: 'One.' },
    ];
    for (const errors of samples) expect(facade.toSimpleValidationErrors(errors)).toEqual(library.toSimpleValidationErrors(errors));
    const event = { target: { name: 'email' } } as unknown as Parameters<typeof library.resolveName>[0];
    expect(facade.resolveName('title')).toBe(library.resolveName('title'));
    expect(facade.resolveName(event)).toBe(library.resolveName(event));
  });

  it('hands out a validator that replays what it was asked before the library arrived, then is the real one', async () => {
    const callback = vi.fn(() => Promise.resolve());
    const validator = facade.createValidator(callback, { name: '' });
    const changed = vi.fn();
    // Before the library is there: the state of a validator that has done nothing, chainable calls queued.
    expect(validator.errors()).toEqual({});
    expect(validator.hasErrors()).toBe(false);
    expect(validator.touched()).toEqual([]);
    expect(validator.validating()).toBe(false);
    expect(
      validator
        .on('errorsChanged', changed)
        .setErrors({ name: ['Required.'] })
        .touch('name'),
    ).toBe(validator);
    await facade.loadPrecognition();
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(validator.errors()).toEqual({ name: ['Required.'] });
    expect(validator.hasErrors()).toBe(true);
    expect(validator.touched()).toEqual(['name']);
    // From now on every call goes straight to the real validator, and chaining still answers the stand-in.
    expect(validator.forgetError('name')).toBe(validator);
    expect(validator.errors()).toEqual({});
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('forwards the shared client’s settings to the library’s client', async () => {
    await facade.loadPrecognition();
    const spy = vi.spyOn(library.client, 'withXsrfHeaderName');
    expect(facade.client.withXsrfHeaderName('X-XSRF-TOKEN')).toBe(facade.client);
    expect(spy).toHaveBeenCalledWith('X-XSRF-TOKEN');
    spy.mockRestore();
  });
});
