import type { TSchema } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { toFieldErrors } from '../../http/validation';
import type { FieldError } from '../../shared/errors';

/**
 * A create-body schema compiled once, on first use (not at start-up): the same checks as Value.Check,
 * about ten times faster, which is most of validating 100,000 rows. Problems have `body.` locs, as a 422
 * of the create endpoint would.
 */
export function compiledCheck(schema: TSchema): (value: unknown) => FieldError[] {
  let compiled: TypeCheck<TSchema> | null = null;
  return (value) => {
    compiled ??= TypeCompiler.Compile(schema);
    return compiled.Check(value) ? [] : toFieldErrors('body', [...compiled.Errors(value)]);
  };
}
