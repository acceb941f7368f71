/**
 * Moves to another page of the app from code that is not a page (the play screen's close button):
 * with the app's router once the shell has registered it, else by loading the address.
 */
let navigator: ((path: string) => void) | null = null;

export function setAppNavigator(next: ((path: string) => void) | null): void {
  navigator = next;
}

export function goTo(path: string): void {
  if (navigator) navigator(path);
  else window.location.assign(path);
}
