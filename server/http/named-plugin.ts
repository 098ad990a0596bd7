/**
 * fastify names a plugin that has no name of its own by searching the exports of every loaded
 * CommonJS module for it (plugin-utils `getPluginName`), twice per `register`: ~1 ms each with
 * the server's modules loaded (issue 23). Our plugins are never a module's export, so the search
 * always ends on the function's name; naming the plugin that way up front skips it. It counts
 * where the server runs from its sources (tsx: the tests, development); the bundle leaves few
 * CommonJS modules for that search (scripts/build-server.mjs).
 */
export function named<T extends (...args: never[]) => unknown>(plugin: T): T {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: plugin.name });
}
