/**
 * The signed-in console's code (ConsoleApp.tsx), loaded once: by the route that shows it, or by the
 * login form as soon as it is submitted, so that a successful login lands on a console already here.
 */
type ConsoleModule = typeof import('./ConsoleApp');

let loading: Promise<ConsoleModule> | undefined;

export function loadConsole(): Promise<ConsoleModule> {
  loading ??= import('./ConsoleApp')
    .then(async (module) => {
      await module.prepareConsole();
      return module;
    })
    .catch((error: unknown) => {
      // A failed download (offline, a new release) is tried again next time.
      loading = undefined;
      throw error;
    });
  return loading;
}
