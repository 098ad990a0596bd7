/**
 * The secret of a token just made, between the create screen (the POST's answer) and the show
 * screen it goes to: held in memory for that one hand-over, never in the URL, history or storage.
 * A reload, or leaving the page, loses it for good — as the server, which never returns it again.
 */
const pending = new Map<string, string>();

export const keepSecret = (id: string, secret: unknown) => {
  if (typeof secret === 'string') pending.set(id, secret);
};
export const peekSecret = (id: string): string | undefined => pending.get(id);
export const forgetSecret = (id: string) => void pending.delete(id);
