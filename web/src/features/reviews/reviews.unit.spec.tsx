import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type LatestReviewDto } from '@toolforge/contracts';
import { CommandRefused } from '../../api/commandClient';
import { fakeQueryServer } from '../../test/fakeQueryServer';
import { orderDto } from '../../test/orders';
import { productDto } from '../../test/products';
import { renderShop } from '../../test/renderShop';
import { signedInTestStore } from '../../test/testStore';
import { deliveredProducts } from '../profile/AddReviewPage';

const TEXT = 'Holds an edge well and feels solid.';

describe('Add Review', () => {
  it('offers each delivered product once, never one still on its way', () => {
    const orders = [
      orderDto(1, { productId: 'p-1', productName: 'Claw Hammer', status: 'delivered' }),
      orderDto(2, { productId: 'p-1', productName: 'Claw Hammer', status: 'delivered' }),
      orderDto(3, { productId: 'p-2', productName: 'Hand Saw', status: 'shipped' }),
      orderDto(4, { productId: 'p-3', productName: 'Block Plane', status: 'delivered' }),
    ];
    expect(deliveredProducts(orders)).toEqual([
      { productId: 'p-1', productName: 'Claw Hammer' },
      { productId: 'p-3', productName: 'Block Plane' },
    ]);
  });

  it('checks the form as the server does, then posts the review of that product', async () => {
    fakeQueryServer({
      '/orders/u-7': [
        orderDto(1, { productId: 'p-1', productName: 'Claw Hammer', status: 'delivered' }),
        orderDto(2, { productId: 'p-2', productName: 'Hand Saw', status: 'paid' }),
      ],
    });
    const shop = await signedInTestStore();
    const { user } = renderShop('/userdashboard/addreview', { shop });
    const form = await screen.findByRole('form', { name: 'Review Claw Hammer' });
    expect(screen.queryByRole('form', { name: 'Review Hand Saw' })).toBeNull();

    await user.type(within(form).getByLabelText('Review'), 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText(messages.reviewRating)).toBeTruthy();
    expect(within(form).getByText(messages.reviewTextLength)).toBeTruthy();
    expect(shop.commands.postReview).not.toHaveBeenCalled();

    await user.selectOptions(within(form).getByLabelText('Rating'), '4');
    await user.clear(within(form).getByLabelText('Review'));
    await user.type(within(form).getByLabelText('Review'), TEXT);
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText(messages.reviewPosted)).toBeTruthy();
    expect(shop.commands.postReview).toHaveBeenCalledWith(shop.accessToken, { productId: 'p-1', rating: 4, text: TEXT });
    expect(shop.store.getState().readAfter.positions['catalog.reviews']).toMatch(/^catalog\.reviews\//);
  });

  it('shows the shop’s refusal on the product’s form', async () => {
    fakeQueryServer({ '/orders/u-7': [orderDto(1, { productId: 'p-1', productName: 'Claw Hammer', status: 'delivered' })] });
    const shop = await signedInTestStore();
    shop.commands.postReview.mockRejectedValueOnce(new CommandRefused(messages.reviewNotDelivered, 403));
    const { user } = renderShop('/userdashboard/addreview', { shop });
    const form = await screen.findByRole('form', { name: 'Review Claw Hammer' });
    await user.selectOptions(within(form).getByLabelText('Rating'), '2');
    await user.type(within(form).getByLabelText('Review'), TEXT);
    await user.click(within(form).getByRole('button', { name: 'Post review' }));
    expect((await within(form).findAllByText(messages.reviewNotDelivered)).length).toBeGreaterThan(0);
  });
});

describe('stars and latest reviews', () => {
  it('shows each product’s average and count on its card, or that it has none', async () => {
    fakeQueryServer({
      '/homeproducts': [
        productDto(1, { name: 'Claw Hammer', averageRating: 3.5, reviewCount: 2 }),
        productDto(2, { name: 'Hand Saw', averageRating: 5, reviewCount: 1 }),
        productDto(3, { name: 'Block Plane' }),
      ],
      '/latestreviews': [],
    });
    renderShop('/', { shop: await signedInTestStore() });
    const card = (name: string) => screen.getByRole('article', { name });
    expect(await screen.findByRole('article', { name: 'Claw Hammer' })).toBeTruthy();
    expect(within(card('Claw Hammer')).getByLabelText('Rated 3.5 out of 5 from 2 reviews')).toBeTruthy();
    expect(within(card('Hand Saw')).getByLabelText('Rated 5.0 out of 5 from 1 review')).toBeTruthy();
    expect(within(card('Block Plane')).getByText('No reviews yet')).toBeTruthy();
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it('shows the latest reviews on the home page, with their products, stars and authors', async () => {
    const latest: LatestReviewDto[] = [
      {
        _id: 'r-1',
        productId: 'p-1',
        productName: 'Claw Hammer',
        userName: 'Bo',
        rating: 4,
        text: 'Perfect balance.',
        postedAt: '2026-05-01T10:00:00.000Z',
      },
    ];
    fakeQueryServer({ '/homeproducts': [], '/latestreviews': latest });
    renderShop('/', { shop: await signedInTestStore() });
    const section = await screen.findByRole('region', { name: 'What our customers say' });
    expect(await within(section).findByText('Perfect balance.')).toBeTruthy();
    expect(within(section).getByText('Claw Hammer')).toBeTruthy();
    expect(within(section).getByLabelText('4 out of 5 stars')).toBeTruthy();
    expect(within(section).getByText('— Bo')).toBeTruthy();
  });
});
