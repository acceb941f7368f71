/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { lazyView } from '@/components/ui/lazy-view';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

test('asks for its chunk at once, shows a loader until it arrives, then the view with its props', async () => {
  let arrive!: (view: typeof Greeting) => void;
  const load = jest.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
  const View = lazyView(load);
  expect(load).toHaveBeenCalledTimes(1);
  render(<View name="Ada" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  arrive(Greeting);
  expect(await screen.findByText('hello Ada')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a chunk that cannot be fetched shows an error with a retry, and the retry fetches it again', async () => {
  const load = jest.fn<Promise<typeof Greeting>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Greeting);
  const View = lazyView(load);
  render(<View name="Ada" />);
  const retry = await screen.findByRole('button', { name: 'Try again' });
  expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the server');
  fireEvent.click(retry);
  expect(await screen.findByText('hello Ada')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a chunk already here shows its view at once, without a loader', async () => {
  const View = lazyView(async () => Greeting);
  render(<View name="Ada" />);
  expect(await screen.findByText('hello Ada')).toBeInTheDocument();
  const { container } = render(<View name="Bo" />);
  expect(container).toHaveTextContent('hello Bo');
});
