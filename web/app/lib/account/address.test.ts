import { describe, expect, it } from 'vitest';
import { addressToValues, emptyAddressValues, formatAddress, parseAddressForm } from './address';

describe(parseAddressForm.name, () => {
  it('defaults name to Home and country to United States, sends blanks as null and coordinates as numbers', () => {
    const values = {
      ...emptyAddressValues(),
      name: '  ',
      country: '',
      addressLine1: ' 12 Main St ',
      city: 'Austin',
      lat: '30.2672',
      lng: '-97.7431',
    };
    const parsed = parseAddressForm(values);
    expect(parsed).toEqual({
      ok: true,
      input: {
        name: 'Home',
        address: null,
        addressLine1: '12 Main St',
        addressLine2: null,
        city: 'Austin',
        state: null,
        country: 'United States',
        locality: null,
        district: null,
        zipcode: null,
        locationType: '',
        deliveryNote: null,
        lat: 30.2672,
        lng: -97.7431,
        isUnderUse: false,
      },
    });
  });

  it('rejects coordinates that are not numbers in range, beside the field', () => {
    const parsed = parseAddressForm({ ...emptyAddressValues(), lat: 'north', lng: '200' });
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        lat: 'Latitude must be a number between -90 and 90, or left empty.',
        lng: 'Longitude must be a number between -180 and 180, or left empty.',
      },
    });
  });

  it('starts an empty form at Home in the United States', () => {
    expect(emptyAddressValues()).toMatchObject({
      name: 'Home',
      country: 'United States',
      locationType: '',
      lat: '',
    });
  });

  it('turns a saved address into form text and one readable line', () => {
    const saved = {
      id: 'a1',
      name: 'Work',
      addressLine1: '1 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      country: 'United States',
      lat: 30.1,
      lng: null,
    };
    // Not the coordinates: sent back unchanged they would pin the address even after its zip code changed.
    expect(addressToValues(saved)).toMatchObject({ name: 'Work', zipcode: '78701', lat: '', lng: '' });
    expect(formatAddress(saved)).toBe('1 Congress Ave, Austin, TX 78701, United States');
  });

  it('sends an address without coordinates as null ones, for the API to place from the zip code', () => {
    const parsed = parseAddressForm({
      ...emptyAddressValues(),
      addressLine1: '77 Hudson St',
      city: 'Jersey City',
      zipcode: '07302',
    });
    expect(parsed).toMatchObject({ ok: true, input: { zipcode: '07302', lat: null, lng: null } });
  });
});

describe(formatAddress.name, () => {
  it('shows each part once: no "Jersey City, Jersey City" when the locality (or a one-line address) holds the city', () => {
    const demo = {
      address: '77 Hudson St, Jersey City, NJ 07302, United States',
      addressLine1: '77 Hudson St',
      locality: 'Jersey City',
      city: 'Jersey City',
      state: 'NJ',
      zipcode: '07302',
      country: 'United States',
    };
    expect(formatAddress(demo)).toBe('77 Hudson St, Jersey City, NJ 07302, United States');
    expect(formatAddress({ ...demo, addressLine1: null })).toBe(
      '77 Hudson St, Jersey City, NJ 07302, United States',
    );
    expect(formatAddress(demo, { withCountry: false })).toBe('77 Hudson St, Jersey City, NJ 07302');
    expect(formatAddress({ ...demo, locality: 'Paulus Hook' })).toBe(
      '77 Hudson St, Paulus Hook, Jersey City, NJ 07302, United States',
    );
  });
});
