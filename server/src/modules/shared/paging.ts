/** A page request as the repos take it. */
export const pageWindow = ({ current, pageSize }: { current: number; pageSize: number }) => ({
  offset: (current - 1) * pageSize,
  limit: pageSize,
});

/** JSON arrays are kept as text in both databases. */
export const parseList = (text: string): string[] => JSON.parse(text);
