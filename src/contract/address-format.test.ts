import { describe, expect, it } from 'vitest';
import { addressLines, type PostalAddress } from './address-format';

const lines = (a: Omit<PostalAddress, 'name'>, country?: string) => addressLines({ name: 'Pat Doe', ...a }, country);

describe('an address as its country writes it', () => {
  it('United States: city, state and ZIP code on one line, the ZIP last', () => {
    expect(lines({ line1: '1600 Pennsylvania Ave NW', line2: '', city: 'Washington', state: 'DC', postal_code: '20500', country: 'US' }, 'United States of America')).toEqual([
      'Pat Doe',
      '1600 Pennsylvania Ave NW',
      'Washington, DC 20500',
      'United States of America',
    ]);
  });

  it('United Kingdom: the town, then the postcode on a line of its own', () => {
    expect(lines({ line1: '10 Downing Street', line2: 'Flat 2', city: 'London', postal_code: 'SW1A 2AA', country: 'GB' })).toEqual([
      'Pat Doe',
      '10 Downing Street',
      'Flat 2',
      'London',
      'SW1A 2AA',
    ]);
  });

  it('Germany and France: the postcode before the town', () => {
    expect(lines({ line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10115', country: 'DE' }, 'Germany')).toEqual(['Pat Doe', 'Unter den Linden 1', '10115 Berlin', 'Germany']);
    expect(lines({ line1: '55 Rue du Faubourg Saint-Honoré', city: 'Paris', postal_code: '75008', country: 'FR' })).toEqual(['Pat Doe', '55 Rue du Faubourg Saint-Honoré', '75008 Paris']);
  });

  it('Japan (in Latin script): the prefecture after the last street line, the postcode last; its format has no city, so the city is kept with the street', () => {
    expect(lines({ line1: '1-1 Chiyoda', line2: 'Building 3', city: 'Chiyoda-ku', state: 'Tokyo', postal_code: '100-0001', country: 'JP' })).toEqual([
      'Pat Doe',
      '1-1 Chiyoda',
      'Building 3',
      'Chiyoda-ku, Tokyo',
      '100-0001',
    ]);
  });

  it('leaves out what is empty (an erased order keeps only its region and postcode)', () => {
    expect(lines({ line1: '', line2: '', city: '', state: 'CA', postal_code: '94016', country: 'US' })).toEqual(['Pat Doe', 'CA 94016']);
    expect(lines({ line1: 'Sheikh Zayed Road 1', city: 'Dubai', state: '', postal_code: '', country: 'ae' })).toEqual(['Pat Doe', 'Sheikh Zayed Road 1', 'Dubai']);
  });
});
