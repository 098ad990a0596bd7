/**
 * The one permission rule, shared by the client (core/permissions.ts `can`) and the server
 * (identity/users.ts `heldScopes`): a policy's resource or ACL entry counts for a permission named
 * as written or in camelCase (spec §6: `purchase-orders` = `purchaseOrders`).
 */
export interface PermissionEntries {
  resources?: readonly { name: string; scopes: readonly string[] }[];
  acls?: readonly { name: string; scopes: readonly string[] }[];
}

/** `purchase-orders`, `purchase_orders`, `Purchase Orders` → `purchaseOrders`. */
export function toCamelCase(value: string): string {
  const words = value.trim().split(/[-_\s]+/).filter(Boolean);
  return words.map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** Every scope the policies grant on `name` (an entry matches as written or in camelCase, either side). */
export function scopesOn(policies: readonly PermissionEntries[], name: string): Set<string> {
  const wanted = toCamelCase(name);
  const scopes = new Set<string>();
  for (const policy of policies)
    for (const entry of [...(policy.resources ?? []), ...(policy.acls ?? [])]) if (entry.name === name || toCamelCase(entry.name) === wanted) for (const scope of entry.scopes) scopes.add(scope);
  return scopes;
}
