/** The parts of the `zipcodes` package (BSD-3, no types of its own) that the zip directory reads. */
declare module 'zipcodes' {
  interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    /** 'US' for US zip codes, 'Canada' for Canadian forward sortation areas (first 3 characters). */
    country: string;
  }
  export const codes: Record<string, ZipCodeEntry>;
}
