/** Whether a person reads this output: a terminal, outside NODE_ENV=production. Logs are JSON otherwise. */
export const humanReadable = (out: NodeJS.WriteStream = process.stdout): boolean => Boolean(out.isTTY) && process.env.NODE_ENV !== 'production';
