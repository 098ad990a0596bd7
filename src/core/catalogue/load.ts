/**
 * A resource's full declaration, loaded on demand (its own chunk: declarations.ts): a registry
 * route's loader awaits it with the screen's code, so the screen reads it at once
 * (`useDeclaration`); anything else that needs one declaration asks for it here.
 */
import { use, useEffect, useState } from 'react';
import type { AnyResource } from '../../contracts/resource';
import { DECLARATIONS } from './declarations';

/** A promise that says when it has settled, as React's `use` reads it (no suspense once in). */
type Tracked = Promise<AnyResource> & { status?: 'fulfilled' | 'rejected'; value?: AnyResource };

const loading = new Map<string, Tracked>();

/** The declaration of `name`, loaded once (rejects for an unknown name). */
export function loadDeclaration(name: string): Promise<AnyResource> {
  let known = loading.get(name);
  if (!known) {
    const load = Object.prototype.hasOwnProperty.call(DECLARATIONS, name) ? (DECLARATIONS as Record<string, () => Promise<AnyResource>>)[name] : null;
    const tracked: Tracked = load ? load() : Promise.reject(new Error(`Unknown resource "${name}"`));
    tracked.then(
      (value) => void Object.assign(tracked, { status: 'fulfilled', value }),
      () => void Object.assign(tracked, { status: 'rejected' }),
    );
    loading.set(name, tracked);
    known = tracked;
  }
  return known;
}

/** The declaration of `name` when it is already loaded, else undefined. */
export function loadedDeclaration(name: string): AnyResource | undefined {
  return loading.get(name)?.value;
}

/** The declaration of `name` in a component: at once when loaded (its route's loader waited for it), else it suspends. */
export function useDeclaration(name: string): AnyResource {
  // The promise carries its status (above): React's `use` returns a loaded one's value at once.
  return use(loadDeclaration(name));
}

/** The declaration of `name` once loaded (undefined meanwhile): for a part of a screen that can show without it. */
export function useLoadedDeclaration(name: string): AnyResource | undefined {
  const [, setLoaded] = useState<AnyResource>();
  const loaded = loadedDeclaration(name);
  useEffect(() => {
    let live = true;
    if (!loaded) void loadDeclaration(name).then((resource) => live && setLoaded(resource), () => undefined);
    return () => void (live = false);
  }, [name, loaded]);
  return loaded;
}
