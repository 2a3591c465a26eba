/**
 * PUT /auth/label-format: the file a label download gives when it names none (a format and, for a
 * PNG, its resolution; 203 dpi when not given); answers the profile with it.
 */
import { profileAnswer } from '../../accounts/profile-answer';
import { labelChoiceOf } from '../../../domain/label-formats';
import { updateLabelFormat } from '../../data/users';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.updateLabelFormat, async function updateLabelFormatHandler({ auth, body }) {
  return profileAnswer(await updateLabelFormat(auth.userId, labelChoiceOf(body)), auth);
});
