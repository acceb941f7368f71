/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';
import { InfoPageView } from '@/components/info-pages/info-page-view';
import { fail, fakeServer, ok, renderWithApp, resetApp } from '@/components/testing/test-app';

beforeEach(async () => {
  await resetApp();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('an information page', () => {
  test('shows a placeholder while loading, then the text as paragraphs', async () => {
    const server = fakeServer({
      get_settings: () => ok({ type: 'about_us', title: 'About', content: 'We make quizzes.\n\nFor everyone,\neverywhere.' }),
    });
    renderWithApp(<InfoPageView type="about_us" />);

    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    expect(await screen.findByText('We make quizzes.')).toBeInTheDocument();
    expect(screen.getByText(/For everyone,\s+everywhere\./)).toBeInTheDocument();
    expect((server.mock.calls[0][1].body as FormData).get('type')).toBe('about_us');
  });

  test('lists the FAQ questions with their answers', async () => {
    fakeServer({
      get_settings: () => ok({ type: 'faq', title: 'FAQ', content: '', items: [{ question: 'Is it free?', answer: 'Yes.' }] }),
    });
    renderWithApp(<InfoPageView type="faq" />);

    expect(await screen.findByText('Is it free?')).toBeInTheDocument();
    expect(screen.getByText('Yes.')).toBeInTheDocument();
  });

  test.each([
    ['the server has no such page', () => fail(404, '102')],
    ['the page has no text', () => ok({ type: 'privacy_policy', title: 'Privacy', content: '  ' })],
  ])('says "no data" when %s', async (_case, answer) => {
    fakeServer({ get_settings: answer });
    renderWithApp(<InfoPageView type="privacy_policy" />);

    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('says what went wrong when loading fails, and loads again on retry', async () => {
    let answer = fail(500, '122');
    fakeServer({ get_settings: () => answer });
    renderWithApp(<InfoPageView type="terms_conditions" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    answer = ok({ type: 'terms_conditions', title: 'Terms', content: 'Play fair.' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Play fair.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
