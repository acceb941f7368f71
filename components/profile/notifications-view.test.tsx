/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';
import { NotificationsView } from '@/components/profile/notifications-view';
import { fail, fakeServer, renderWithApp, resetApp, type FakeAnswer } from '@/components/testing/test-app';

jest.mock('next/navigation', () => ({
  usePathname: () => '/profile/notifications/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

const ALL = Array.from({ length: 12 }, (_, i) => ({
  id: 12 - i,
  title: `Notice ${12 - i}`,
  message: `Message ${12 - i}`,
  type: 'default',
  image: null,
  created_at: '2025-01-02T10:00:00.000Z',
}));

const page = (list: typeof ALL) => (body: FormData): FakeAnswer => {
  const offset = Number(body.get('offset'));
  const limit = Number(body.get('limit'));
  return { status: 200, body: { error: false, message: '102', data: list.slice(offset, offset + limit), total: list.length } };
};

describe('the notifications page', () => {
  test('says there is no notification yet, in the player\'s words, when there is none', async () => {
    fakeServer({ get_notifications: () => fail(404, '102') });
    renderWithApp(<NotificationsView />);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('says so for an empty page too', async () => {
    fakeServer({ get_notifications: page([]) });
    renderWithApp(<NotificationsView />);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  test('lists the newest first and shows more on request, without duplicates', async () => {
    const server = fakeServer({ get_notifications: page(ALL) });
    renderWithApp(<NotificationsView />);
    expect(await screen.findByRole('heading', { name: 'Notice 12' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));

    expect(await screen.findByRole('heading', { name: 'Notice 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const offsets = server.mock.calls.map(([, init]) => (init.body as FormData).get('offset'));
    expect(offsets).toEqual(['0', '10']);
  });

  test('offers a retry when the notifications cannot be loaded', async () => {
    let answer: FakeAnswer | null = fail(500, '122');
    fakeServer({ get_notifications: (body) => answer ?? page(ALL)(body) });
    renderWithApp(<NotificationsView />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = null;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Notice 12' })).toBeInTheDocument();
  });
});
