/** Resolves when `promise` settles (either way) or after `ms`, whichever comes first; never rejects. */
export function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise.then(() => undefined, () => undefined), elapsed]).finally(() => clearTimeout(timer));
}
