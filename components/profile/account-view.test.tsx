/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AccountView } from '@/components/profile/account-view';
import { testPlayer } from '@/components/testing/players';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';
import { selectUser } from '@/services/store/selectors';
import { getAppStore } from '@/services/store/store';
import { loggedIn } from '@/services/store/user-slice';

jest.mock('next/navigation', () => ({
  usePathname: () => '/profile/account/',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

const PLAYER = testPlayer();

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  getAppStore().dispatch(loggedIn({ data: { name: 'Amira', type: 'email' }, token: 'session-7' }));
});

afterEach(() => jest.restoreAllMocks());

const details = () => within(screen.getByRole('article'));

async function editName(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the account page', () => {
  test('shows the account fresh from the server: name, email and mobile (coins and score are on the card)', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER) });
    renderWithApp(<AccountView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('amira@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/profile');
    expect(details().getAllByText('Not set')).toHaveLength(1);
    expect(details().queryByText('120')).not.toBeInTheDocument();
  });

  test('offers a retry when the player cannot be loaded', async () => {
    let answer = fail(500, '122');
    fakeServer({ get_user_by_id: () => answer });
    renderWithApp(<AccountView />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    answer = ok(PLAYER);
    fireEvent.click(retry);
    expect(await screen.findByText('amira@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('an edit sends name and mobile, and merges the saved name into the store', async () => {
    const server = fakeServer({
      get_user_by_id: () => ok(PLAYER),
      update_profile: (body) => ok({ ...PLAYER, name: String(body.get('name')), mobile: String(body.get('mobile')) }),
    });
    const { store } = renderWithApp(<AccountView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Amira Bell' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+1 415 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    const sent = server.mock.calls.find(([url]) => url === '/api/update_profile')![1].body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({ name: 'Amira Bell', mobile: '+14155550100' });
    expect(selectUser(store.getState()).data).toMatchObject({ name: 'Amira Bell', mobile: '+14155550100', email: 'amira@example.com', coins: 10 });
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
  });

  test('shows "profile update is not allowed in demo version" when the server is in demo mode', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER), update_profile: () => fail(403, 'demo_mode') });
    const { store } = renderWithApp(<AccountView />);
    await editName('Someone Else');
    expect(await screen.findByRole('alert')).toHaveTextContent('profile update is not allowed in demo version');
    expect(selectUser(store.getState()).data?.name).toBe('Amira');
  });

  test('refuses a mobile number without a country code before asking the server', async () => {
    const server = fakeServer({ get_user_by_id: () => ok(PLAYER) });
    renderWithApp(<AccountView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '4155550100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('enter the correct mobile number with country code')).toBeInTheDocument();
    expect(server).toHaveBeenCalledTimes(1);
  });

  test('lets a player who signed in by phone change their email', async () => {
    const phonePlayer = { ...PLAYER, type: 'mobile', email: '', mobile: '+14155550100' };
    const server = fakeServer({
      get_user_by_id: () => ok(phonePlayer),
      update_profile: (body) => ok({ ...phonePlayer, email: String(body.get('email')) }),
    });
    const { store } = renderWithApp(<AccountView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(selectUser(store.getState()).data?.email).toBe('new@example.com'));
    const sent = server.mock.calls.find(([url]) => url === '/api/update_profile')![1].body as FormData;
    expect(sent.get('email')).toBe('new@example.com');
  });

  test('refuses a picture that is not PNG, JPEG or WebP without uploading it', async () => {
    const server = fakeServer({ get_user_by_id: () => ok(PLAYER) });
    renderWithApp(<AccountView />);
    await screen.findByText('amira@example.com');
    fireEvent.change(screen.getByLabelText('Change picture'), { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('only PNG, JPEG or WebP images are accepted');
    expect(server).toHaveBeenCalledTimes(1);
  });

  test('an uploaded picture replaces the initial', async () => {
    fakeServer({ get_user_by_id: () => ok(PLAYER), upload_profile_image: () => ok({ profile: '/uploads/profile/7-abc.png' }) });
    const { store } = renderWithApp(<AccountView />);
    await screen.findByText('amira@example.com');
    fireEvent.change(screen.getByLabelText('Change picture'), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(selectUser(store.getState()).data?.profile).toBe('/uploads/profile/7-abc.png'));
    expect(screen.getByRole('img', { name: 'Amira' })).toHaveAttribute('src', '/uploads/profile/7-abc.png');
  });
});
