import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '@hearth/shared';
import {
  distanceLabel,
  hasDishFilters,
  itemSearchRequest,
  kitchensFromItems,
  kitchensFromMenus,
  menuSearchRequest,
  pageHref,
  readSearchForm,
} from './search';
import type { ItemResult, MenuResult } from './search';

const form = (query: string) => readSearchForm(new URL(`http://hearth.test/l/find-items?${query}`));

const kitchen = (id: string) => ({ id, kitchenName: id, brandDisplayName: id.toUpperCase(), logo: null });

describe('readSearchForm', () => {
  it('reads every filter of the GET form, with the spec defaults', () => {
    expect(form('')).toEqual({
      zip: '',
      country: 'US',
      lat: '',
      lng: '',
      query: '',
      distance: '15',
      deliveryType: '',
      foodTime: '',
      foodType: '',
      medical: '',
      comingSoon: false,
      sort: 'relevance',
      page: 0,
    });
    expect(
      form(
        'zip=+07302+&country=in&query=dal&distance=7.5&deliveryType=PICKUP&foodTime=PM_5_7&foodType=VEG&medical=Gluten+Free&comingSoon=on&sort=price&page=2',
      ),
    ).toMatchObject({
      zip: '07302',
      country: 'IN',
      query: 'dal',
      distance: '7.5',
      deliveryType: 'PICKUP',
      foodTime: 'PM_5_7',
      foodType: 'VEG',
      medical: 'Gluten Free',
      comingSoon: true,
      sort: 'price',
      page: 2,
    });
  });

  it('treats unknown choices (an old or edited link) as "any"', () => {
    expect(
      form('country=Atlantis&deliveryType=BOAT&foodTime=NOON&foodType=X&medical=Y&sort=cheap&page=-3'),
    ).toMatchObject({
      country: 'US',
      deliveryType: '',
      foodTime: '',
      foodType: '',
      medical: '',
      sort: 'relevance',
      page: 0,
    });
  });
});

describe('itemSearchRequest', () => {
  it('searches around a zip code with _search/{zip}/{country}/items and the filters as query parameters', () => {
    expect(
      itemSearchRequest(
        form(
          'zip=07302&country=US&query=dal&deliveryType=DELIVERY&foodTime=PM_5_7&foodType=VEG&medical=Nut+Free&comingSoon=on&sort=price&page=1',
        ),
      ),
    ).toEqual({
      path: '_search/07302/US/items',
      query: {
        query: 'dal',
        lat: undefined,
        lng: undefined,
        distance: '15',
        comingSoonSwitch: true,
        page: 1,
        size: 12,
        deliveryType: 'DELIVERY',
        foodTime: 'PM_5_7',
        foodType: 'VEG',
        medical: 'Nut Free',
        sort: 'price,asc',
      },
    });
  });

  it('uses the browser position when there is no zip code, and no place at all otherwise', () => {
    expect(itemSearchRequest(form('lat=40.7&lng=-74.03&sort=rating'))).toMatchObject({
      path: '_search/items',
      query: { lat: '40.7', lng: '-74.03', sort: 'rating,desc' },
    });
    const none = itemSearchRequest(form('sort=distance'));
    expect(none.path).toBe('_search/items');
    expect(none.query).toMatchObject({ lat: undefined, lng: undefined, sort: 'distance,asc' });
  });

  it('leaves the order to the API for best match without words, and asks for relevance with them', () => {
    expect(itemSearchRequest(form('zip=07302')).query.sort).toBeUndefined();
    expect(itemSearchRequest(form('zip=07302&query=biryani')).query.sort).toBe('relevance');
  });
});

describe('menuSearchRequest', () => {
  it('gives the place, words, distance and dates to _search/menus, and only the sorts it knows', () => {
    expect(menuSearchRequest(form('zip=M4M+1K4&country=CA&query=pie&distance=5&sort=rating'), 8)).toEqual({
      path: '_search/menus',
      query: {
        query: 'pie',
        lat: undefined,
        lng: undefined,
        distance: '5',
        comingSoonSwitch: undefined,
        page: 0,
        size: 8,
        zip: 'M4M 1K4',
        country: 'CA',
        sort: 'rating,desc',
      },
    });
    expect(menuSearchRequest(form('zip=07302&sort=relevance')).query.sort).toBeUndefined();
  });

  it('sends chef searches with dish filters through the dishes', () => {
    expect(hasDishFilters(form('zip=07302'))).toBe(false);
    expect(hasDishFilters(form('zip=07302&sort=rating'))).toBe(false);
    expect(hasDishFilters(form('zip=07302&foodType=VEG'))).toBe(true);
    expect(hasDishFilters(form('zip=07302&sort=price'))).toBe(true);
  });
});

describe('kitchen cards', () => {
  const date = (d: string, slots: TimeSlot[], orderBefore = `${d}T10:00:00.000Z`) => ({
    date: d,
    timeSlots: slots,
    orderBefore,
  });

  it('joins the menus of one kitchen into one card: nearest distance, next 3 dates, menu names', () => {
    const menu = (id: string, k: string, distance: number, dates: ReturnType<typeof date>[]): MenuResult => ({
      id,
      name: `Menu ${id}`,
      description: null,
      menuType: 'ONETIME',
      itemCount: 2,
      deliveryFees: '4.99',
      deliveryRadius: null,
      deliveryMeasurement: 'miles',
      deliveryOrderMinimumAmount: '0.00',
      currencyCode: 'USD',
      kitchen: kitchen(k),
      rating: { value: 4.5, count: 3 },
      nextDates: dates,
      distance,
      distanceUnit: 'miles',
    });
    const cards = kitchensFromMenus([
      menu('a', 'k1', 2.5, [date('2026-11-24', ['PM_5_7']), date('2026-11-26', ['PM_5_7'])]),
      menu('b', 'k2', 3, [date('2026-11-23', ['LUNCH_12PM'])]),
      menu('c', 'k1', 2.4, [
        date('2026-11-24', ['LUNCH_12PM']),
        date('2026-11-23', ['PM_5_7']),
        date('2026-11-30', ['PM_5_7']),
      ]),
    ]);
    expect(cards.map((c) => c.kitchen.id)).toEqual(['k1', 'k2']);
    expect(cards[0]).toMatchObject({ distance: 2.4, matches: ['Menu a', 'Menu c'] });
    expect(cards[0].nextDates).toEqual([
      date('2026-11-23', ['PM_5_7']),
      date('2026-11-24', ['PM_5_7', 'LUNCH_12PM']),
      date('2026-11-26', ['PM_5_7']),
    ]);
  });

  it('groups dishes by kitchen in the order the API ranked them', () => {
    const item = (id: string, k: string, distance: number): ItemResult => ({
      id,
      name: `Dish ${id}`,
      picture: null,
      price: '9.00',
      currencyCode: 'USD',
      measurement: 'Bowl',
      foodTypes: [],
      medicalFriendly: [],
      deliveryOptions: ['DELIVERY'],
      rating: { value: 5, count: 1 },
      kitchen: kitchen(k),
      nextDate: date('2026-11-24', ['PM_5_7']),
      distance,
      distanceUnit: 'km',
    });
    const cards = kitchensFromItems([item('1', 'k2', 1), item('2', 'k1', 0.5), item('3', 'k2', 1)]);
    expect(cards.map((c) => [c.kitchen.id, c.matches])).toEqual([
      ['k2', ['Dish 1', 'Dish 3']],
      ['k1', ['Dish 2']],
    ]);
    expect(cards[0].distanceUnit).toBe('km');
  });
});

describe('labels and links', () => {
  it('writes distances with their unit', () => {
    expect(distanceLabel(3.24, 'miles')).toBe('3.2 miles');
    expect(distanceLabel(1, 'miles')).toBe('1 mile');
    expect(distanceLabel(12.05, 'km')).toBe('12.1 km');
  });

  it('links other pages of the same search', () => {
    const url = new URL('http://hearth.test/l/find-items?zip=07302&page=1');
    expect(pageHref(url, 2)).toBe('/l/find-items?zip=07302&page=2');
    expect(pageHref(url, 0)).toBe('/l/find-items?zip=07302');
  });
});
