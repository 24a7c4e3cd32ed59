import type { ClientError } from "@gatehouse-js/core/client";
import { useCallback, useEffect, useState } from "react";

type Result<T> = { data: T; error: null } | { data: null; error: ClientError };

/** Loads data with a client call; `reload()` after a change. Calls never throw: errors are values. */
/** `key`: reload when it changes (what the call depends on). */
export function useLoad<T>(load: () => Promise<Result<T>>, key = "") {
  const [state, setState] = useState<{ data: T | null; error: ClientError | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` depends on
  const reload = useCallback(async () => {
    const { data, error } = await load();
    setState({ data, error, loading: false });
  }, [key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

/** A GET of the demo's own API (`/demo/...`), in the client's result shape. */
export async function demoGet<T>(path: string): Promise<Result<T>> {
  try {
    const response = await fetch(path, { credentials: "include" });
    const body = (await response.json()) as T & { code?: string; message?: string };
    if (!response.ok)
      return { data: null, error: { status: response.status, statusText: response.statusText, ...body } };
    return { data: body, error: null };
  } catch {
    return { data: null, error: { status: 0, statusText: "Network error", code: "NETWORK_ERROR" } };
  }
}

export interface DemoConfig {
  socialProviders: { github: boolean };
  demoUsers: { email: string; name: string }[];
  demoPassword: string;
  storeId: string;
}

/** A paginated answer (`{ items, pagination }`) as its items, errors passed through. */
export function itemsOf<T>(result: { data: unknown; error: ClientError | null }): Result<T[]> {
  return result.error
    ? { data: null, error: result.error }
    : { data: (result.data as { items: T[] }).items, error: null };
}
