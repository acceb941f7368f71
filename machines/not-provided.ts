/**
 * The default of a machine's promise actor: a page provides the real call (`.provide()` or the
 * machine's `create…Machine(services)`); a machine started without it fails loudly, naming it.
 */
export const notProvided =
  (name: string) =>
  async (): Promise<never> => {
    throw new Error(`${name} was not provided`);
  };
