/**
 * A profile's own policy (issue 27/28: the permission matrix): `user_groups.matrix_policy_id` is the
 * policy the profile's matrix edits. Every standard profile was created holding a policy of its
 * own name (db/profiles.ts); that one becomes its matrix policy. A deleted policy leaves the
 * profile without one (the next save of the matrix creates it again).
 */
import type { Kysely } from 'kysely';
import { runStatements } from './0001_identity.js';

const up = [
  `ALTER TABLE user_groups ADD COLUMN matrix_policy_id text REFERENCES policies(id) ON DELETE SET NULL`,
  `UPDATE user_groups g SET matrix_policy_id = p.id
     FROM user_group_policies gp JOIN policies p ON p.id = gp.policy_id
    WHERE gp.group_id = g.id AND gp.org_id = g.org_id AND p.org_id = g.org_id AND p.name = g.name`,
];
const down = ['ALTER TABLE user_groups DROP COLUMN matrix_policy_id'];

export default {
  up: (db: Kysely<any>) => runStatements(db, up),
  down: (db: Kysely<any>) => runStatements(db, down),
};
