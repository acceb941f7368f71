// An unexpected console.error is a defect: it fails the test that caused it.
// A test that expects one spies on console.error itself (jest.spyOn(console, 'error')).
const original = console.error;

beforeEach(() => {
  console.error = (...args: unknown[]) => {
    original(...args);
    throw new Error(`console.error was called: ${args.map(String).join(' ').slice(0, 500)}`);
  };
});

afterEach(() => {
  console.error = original;
});
