// A firm the user no longer reaches (its owner removed them, or they left it in another tab) answers a
// switch to it with 403 naming it (`details.account_id`): said in the console's words with the firm's name,
// where the API's sentence names only its id ("You are not a member of account acc_…").
import { ApiError } from '../../api';
import { t } from '../../i18n';

/** The API's sentence for an account the user does not reach, as api.ts reads it (a disabled one differs). */
const NOT_REACHED = /not a member of account/i;

/** Whether `error` is such a refusal of `accountId` (the list of firms is to be read again). */
export const isNotReached = (error: unknown, accountId: string) =>
  error instanceof ApiError &&
  error.status === 403 &&
  error.details.account_id === accountId &&
  NOT_REACHED.test(error.message);

/** The refusal of a switch to `account` as the console says it; any other error as it came. */
export function notReached(error: unknown, account: { id: string; name: string }): unknown {
  if (error instanceof ApiError && isNotReached(error, account.id)) {
    const text = t('You no longer work in {name}: its owner removed you, or you left it.', {
      name: account.name,
    });
    // Its own code: the console's words for `forbidden` say a role or key may not, which is not the case.
    return new ApiError(error.status, 'account_not_reached', text, error.fields, error.details);
  }
  return error;
}
