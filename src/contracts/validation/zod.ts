/**
 * The part of zod/mini a declaration's rules are written with (`rule: ({ z }) => z.int()`).
 * Named one by one so the bundle keeps only these: the kit is passed around as an object, which
 * a bundler cannot tree-shake (all of zod/mini is ~85 KB gz, these ~8). A rule that needs one
 * more function fails the type check until it is added here.
 */
export {
  _default,
  array,
  boolean,
  enum,
  int,
  maximum,
  maxLength,
  minimum,
  minLength,
  nullable,
  number,
  object,
  optional,
  pipe,
  record,
  refine,
  regex,
  strictObject,
  string,
  superRefine,
  transform,
  trim,
  union,
  unknown,
} from 'zod/mini';
