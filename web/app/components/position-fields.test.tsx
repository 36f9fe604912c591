// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PositionFields } from './position-fields';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIn(props: Partial<Parameters<typeof PositionFields>[0]> = {}) {
  const { container } = render(
    <form aria-label="Address">
      <PositionFields formId="add" country="United States" lat="" lng="" {...props} />
    </form>,
  );
  const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  return { field };
}

describe('PositionFields', () => {
  it('asks nothing for a US address: the coordinates are hidden fields the zip code makes unnecessary', () => {
    const { field } = renderIn();
    expect(field('lat')?.type).toBe('hidden');
    expect(field('lng')?.type).toBe('hidden');
    expect(screen.queryByLabelText('Latitude')).toBeNull();
  });

  it("asks for the coordinates, beside the API's reason, when it could not place the address", () => {
    renderIn({ country: 'Singapore', errors: { lat: 'We cannot place postcode 018956 in Singapore yet.' } });
    const lat = screen.getByLabelText('Latitude') as HTMLInputElement;
    expect(lat.type).toBe('number');
    expect(lat.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('We cannot place postcode 018956 in Singapore yet.').id).toBe('add-lat-error');
    expect(screen.getByLabelText('Longitude')).toBeTruthy();
  });

  it("keeps coordinates typed outside the US in sight, but never a US address's", () => {
    renderIn({ country: 'India', lat: '17.41', lng: '78.44' });
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('17.41');
    cleanup();
    const { field } = renderIn({ lat: '40.71', lng: '-74.03' });
    expect(field('lat')?.type).toBe('hidden');
    expect(field('lat')?.value).toBe('40.71');
  });

  it("with JavaScript, 'Use my location' puts the browser's position in the hidden fields", async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 40.7168123, longitude: -74.0335456 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { field } = renderIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(field('lat')?.value).toBe('40.716812'));
    expect(field('lng')?.value).toBe('-74.033546');
    expect(field('lat')?.type).toBe('hidden');
    expect(screen.getByRole('status').textContent).toBe(
      'Your position (40.716812, -74.033546) will be saved with this address.',
    );
  });

  it('says so when the browser cannot tell, and leaves the fields empty for the zip code', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1 } as GeolocationPositionError),
      },
    });
    const { field } = renderIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await screen.findByText(
      'Your browser could not tell where you are; the zip code will place the address.',
    );
    expect(field('lat')?.value).toBe('');
  });
});
