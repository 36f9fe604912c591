import { describe, expect, it } from 'vitest';
import { formatAddressLine as sut } from './format.js';

const jerseyCity = {
  addressLine1: '77 Hudson St',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  country: 'United States',
};

describe('formatAddressLine', () => {
  it('reads street, city, "state zip", country', () => {
    expect(sut(jerseyCity)).toBe('77 Hudson St, Jersey City, NJ 07302, United States');
    expect(sut({ ...jerseyCity, addressLine2: 'Apt 4' }, { withCountry: false })).toBe(
      '77 Hudson St, Apt 4, Jersey City, NJ 07302',
    );
  });

  it('shows the city once when the locality is the city too (the demo data did that)', () => {
    expect(sut({ ...jerseyCity, locality: 'Jersey City' })).toBe(
      '77 Hudson St, Jersey City, NJ 07302, United States',
    );
    expect(sut({ ...jerseyCity, locality: 'jersey  city.' })).toBe(
      '77 Hudson St, Jersey City, NJ 07302, United States',
    );
  });

  it('keeps a locality or district that differs from the city', () => {
    expect(
      sut({
        addressLine1: 'Road No. 12',
        locality: 'Banjara Hills',
        district: 'Hyderabad',
        city: 'Hyderabad',
        state: 'Telangana',
        zipcode: '500034',
        country: 'India',
      }),
    ).toBe('Road No. 12, Banjara Hills, Hyderabad, Telangana 500034, India');
  });

  it('does not repeat what a one-line address already holds', () => {
    const line = {
      address: '77 Hudson St, Jersey City, NJ 07302, United States',
      city: 'Jersey City',
      state: 'NJ',
      zipcode: '07302',
      country: 'United States',
    };
    expect(sut(line)).toBe('77 Hudson St, Jersey City, NJ 07302, United States');
    expect(sut({ ...line, address: '1 Test St, Jersey City, NJ, 07302' })).toBe(
      '1 Test St, Jersey City, NJ, 07302, United States',
    );
  });

  it('prefers the street lines to the one-line address, and keeps a city that is part of a street name', () => {
    expect(
      sut({
        address: 'somewhere',
        addressLine1: '12 Austin St',
        city: 'Austin',
        state: 'TX',
        zipcode: '78701',
      }),
    ).toBe('12 Austin St, Austin, TX 78701');
  });

  it('leaves out what is missing', () => {
    expect(sut({ city: 'Austin', country: 'United States' })).toBe('Austin, United States');
    expect(sut({})).toBe('');
  });
});
