/** Polar's list envelope. */
export function paginated<T>(items: T[], total: number, page: number, limit: number) {
  return {
    items,
    pagination: { totalCount: total, maxPage: Math.max(1, Math.ceil(total / limit)) },
    page,
    limit,
  };
}
