/**
 * Which USPS service a label is (domain/postage/services.ts has the catalogue). An order or a
 * purchase names its service (`serviceId`); orders stored before services were named have only their
 * label type, and are read as the service they were bought as then: Priority Mail for `priority` and
 * `usps_priority`, Ground Advantage for `usps_ground` and `ground_lbs`.
 */
import { findService, serviceOf, type ServiceId, type UspsService } from '../../../domain/postage/services';

const BOUGHT_BEFORE: Readonly<Record<string, ServiceId>> = {
  priority: 'usps_priority_mail',
  usps_priority: 'usps_priority_mail',
  usps_ground: 'usps_ground_advantage',
  ground_lbs: 'usps_ground_advantage',
};

/** The service of a label: its own `serviceId`, a label type that is a service id (rates mode), or what an older order's type was bought as. */
export function serviceOfLabel(label: { labelType: string; serviceId?: string | null }): UspsService {
  if (label.serviceId) return serviceOf(label.serviceId);
  const direct = findService(label.labelType);
  if (direct) return direct;
  const before = Object.hasOwn(BOUGHT_BEFORE, label.labelType) ? BOUGHT_BEFORE[label.labelType] : undefined;
  if (!before) throw new Error(`Unknown label type ${JSON.stringify(label.labelType)}`);
  return serviceOf(before);
}
