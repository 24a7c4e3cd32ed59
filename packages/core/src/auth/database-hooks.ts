import type { AppContext } from "../kernel/app-context";
import { AUTH_ERRORS } from "../kernel/errors";
import type { GatehouseEvents, GatehouseHooks } from "../kernel/events";
import type { ModelHooks } from "../kernel/options";

type Before<T> = NonNullable<NonNullable<ModelHooks<T>["create"]>["before"]>;
type After<T> = NonNullable<NonNullable<ModelHooks<T>["create"]>["after"]>;
type DataHook = {
  [K in keyof GatehouseHooks]: GatehouseHooks[K] extends { data: unknown } ? K : never;
}[keyof GatehouseHooks];

/**
 * The app's `databaseHooks` run on the event bus: each before-hook is a bus before-hook of the
 * write (`user.create`, `session.create`, ...) and each after-hook a handler of its event
 * (`user.created`, `session.created`, ...). A write runs its before-hooks and emits its event from
 * one place, and plugins and the app hear it the same way. Registered at init, before the plugins'
 * setup: the app's before-hooks change the data first, the plugins' see the result; an after-hook
 * runs once the write has committed, and its failure is logged, as every event handler's.
 */
export function registerDatabaseHooks(app: AppContext): void {
  const hooks = app.options.databaseHooks;
  if (!hooks) return;
  const before = <K extends DataHook, T>(name: K, hook: Before<T> | undefined, refused: () => Error) => {
    if (!hook) return;
    app.events.before(name, async (payload) => {
      const result = await hook(payload.data as T & Record<string, unknown>);
      if (result === false) throw refused();
      return result?.data ? { ...payload, data: { ...payload.data, ...result.data } } : payload;
    });
  };
  const after = <K extends keyof GatehouseEvents, T>(
    name: K,
    hook: After<T> | undefined,
    row: (payload: GatehouseEvents[K]) => T & Record<string, unknown>,
  ) => {
    if (hook) app.events.on(name, (payload) => hook(row(payload)));
  };

  before("user.create", hooks.user?.create?.before, () => AUTH_ERRORS.FAILED_TO_CREATE_USER());
  before("user.update", hooks.user?.update?.before, () => AUTH_ERRORS.FAILED_TO_UPDATE_USER());
  before("account.create", hooks.account?.create?.before, () => AUTH_ERRORS.FAILED_TO_CREATE_USER());
  before("account.update", hooks.account?.update?.before, () => AUTH_ERRORS.FAILED_TO_UPDATE_USER());
  before("session.create", hooks.session?.create?.before, () => AUTH_ERRORS.FAILED_TO_CREATE_SESSION());

  after("user.created", hooks.user?.create?.after, (p) => p.user);
  after("user.updated", hooks.user?.update?.after, (p) => p.user);
  after("account.created", hooks.account?.create?.after, (p) => p.account);
  after("account.updated", hooks.account?.update?.after, (p) => p.account);
  after("session.created", hooks.session?.create?.after, (p) => p.session);
}
