// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyItemValues } from '~/lib/chef/item-form';
import { ItemForm } from './item-form';

afterEach(cleanup);

function renderForm() {
  let submitted = 0;
  const Stub = createRemixStub([
    {
      path: '/l/manage-menus/items/new',
      Component: () => (
        <>
          <h2 id="item-form-title">Add an item</h2>
          <ItemForm values={emptyItemValues()} currencyCode="USD" submitLabel="Save item" />
        </>
      ),
      action: () => {
        submitted += 1;
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={['/l/manage-menus/items/new']} />);
  return { submitted: () => submitted };
}

const priceInputs = () => screen.getAllByLabelText(/^Price of pricing option/) as HTMLInputElement[];

describe('ItemForm with JavaScript', () => {
  it('adds a pricing row in place, named for its position, without submitting', async () => {
    const form = renderForm();
    await waitFor(() => expect(priceInputs()).toHaveLength(1));
    fireEvent.change(priceInputs()[0], { target: { value: '6.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add another pricing option' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add another pricing option' }));
    const inputs = priceInputs();
    expect(inputs.map((i) => i.name)).toEqual([
      'pricingOptions[0].chefPrice',
      'pricingOptions[1].chefPrice',
      'pricingOptions[2].chefPrice',
    ]);
    expect(inputs.map((i) => i.value)).toEqual(['6.50', '', '']);
    expect((screen.getByLabelText('Measurement of pricing option 3') as HTMLInputElement).value).toBe('Kgs');
    expect(form.submitted()).toBe(0);
  });

  it('removes a row in place and renumbers the rest', async () => {
    const form = renderForm();
    await waitFor(() => expect(priceInputs()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add another pricing option' }));
    fireEvent.change(priceInputs()[1], { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove pricing option 1' }));
    const left = priceInputs();
    expect(left.map((i) => [i.name, i.value])).toEqual([['pricingOptions[0].chefPrice', '18']]);
    // The last row has no Remove: an item has at least one pricing option.
    expect(screen.queryByRole('button', { name: /^Remove pricing option/ })).toBeNull();
    expect(form.submitted()).toBe(0);
  });
});
