/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OutboxView } from '@/components/dev/outbox-view';
import { fakeServer, ok, renderWithApp, resetApp, WEB_SETTINGS } from '@/components/testing/test-app';
import { webSettingsLoaded, type WebSettings } from '@/services/store/settings-slice';
import { getAppStore } from '@/services/store/store';

jest.mock('next/navigation', () => ({
  usePathname: () => '/dev/outbox/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

const withOutbox = (on: boolean) =>
  getAppStore().dispatch(webSettingsLoaded({ webSettings: { ...WEB_SETTINGS, identity_provider: 'local', firebase: null, dev_outbox: on } as WebSettings, fetchedAt: 1 }));

const MAIL = { id: 1, channel: 'email', recipient: 'amira@example.com', subject: 'Verify your email', body: 'Open http://127.0.0.1:3000/auth/verify-email/?token=1.abc to verify.', created_at: '2025-01-01T10:00:00.000Z' };
const SMS = { id: 2, channel: 'sms', recipient: '+14155550100', subject: '', body: 'Your code is 123456', created_at: '2025-01-01T10:01:00.000Z' };

describe('the dev outbox', () => {
  test('is the not-found page when the server keeps no outbox, and asks nothing', async () => {
    withOutbox(false);
    const server = fakeServer({ dev_outbox: () => ok([MAIL]) });
    renderWithApp(<OutboxView />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  test('lists mail and SMS newest first, with the links clickable', async () => {
    withOutbox(true);
    fakeServer({ dev_outbox: () => ok([MAIL, SMS]) });
    renderWithApp(<OutboxView />);
    const items = await screen.findAllByRole('article');
    expect(items[0]).toHaveTextContent('Your code is 123456');
    expect(items[1]).toHaveTextContent('Verify your email');
    expect(screen.getByRole('link', { name: 'http://127.0.0.1:3000/auth/verify-email/?token=1.abc' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:3000/auth/verify-email/?token=1.abc',
    );
  });

  test('refresh asks again and shows what arrived since', async () => {
    withOutbox(true);
    let entries = [MAIL];
    fakeServer({ dev_outbox: () => ok(entries) });
    renderWithApp(<OutboxView />);
    await screen.findByText('Verify your email');
    entries = [MAIL, SMS];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Your code is 123456')).toBeInTheDocument();
  });

  test('says "no data" when nothing was sent', async () => {
    withOutbox(true);
    fakeServer({ dev_outbox: () => ok([]) });
    renderWithApp(<OutboxView />);
    expect(await screen.findByText('no data')).toBeInTheDocument();
  });

  test('shows the keys of the open exams, so that a tester can sit one', async () => {
    withOutbox(true);
    fakeServer({
      dev_outbox: () => ok([]),
      dev_exam_keys: () => ok([{ id: 1, title: 'Science basics', exam_key: '2468', starts_at: '2025-01-01T10:00:00.000Z', ends_at: '2025-03-01T10:00:00.000Z' }]),
    });
    renderWithApp(<OutboxView />);
    const keys = await screen.findByRole('region', { name: 'Exam keys' });
    await waitFor(() => expect(keys).toHaveTextContent('Science basics: 2468'));
  });
});
