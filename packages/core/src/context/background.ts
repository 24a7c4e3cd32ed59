import type { AppContext } from "../kernel/app-context";

/**
 * Runs work after the response: the answer does not wait for it, so its time says nothing about
 * what the work found. `advanced.backgroundTasks` hands the promise to the platform (for example
 * a serverless `waitUntil`) so the process is not frozen before it settles; failures are logged.
 */
export function runInBackground(app: AppContext, work: () => Promise<unknown>): void {
  const task = Promise.resolve()
    .then(work)
    .catch((error: unknown) => app.logger.error("Background task failed", error));
  app.options.advanced?.backgroundTasks?.(task);
}
