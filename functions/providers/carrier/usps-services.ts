/**
 * What each of our label types (domain/pricing.ts LABEL_TYPES) is at USPS: the name we show, the
 * banner the sandbox label prints, the EasyPost service we buy, and the IMpb service type code the
 * sandbox puts in its tracking numbers.
 *
 * EasyPost's USPS service names ("Priority", "GroundAdvantage") are the `service` values of the
 * rates in EasyPost's documented shipment answers. `priority` (our flat-rate type) buys the plain
 * "Priority" rate too: we do not send a flat-rate `predefined_package`, so EasyPost rates it by the
 * parcel's weight and dimensions. Our price is ours either way (domain/pricing.ts).
 *
 * Service type codes: 055 is Priority Mail (Endicia's IMpb notes show a Priority Mail label with
 * STC 055); 001 for Ground Advantage is illustrative only. They only shape SAMPLE tracking numbers.
 */
import { LABEL_TYPES } from '../../../domain/pricing';

export interface UspsService {
  /** Our label type uid. */
  labelType: string;
  /** Human name, answered as BoughtLabel.service. */
  name: string;
  /** The black banner across the label. */
  banner: string;
  /** The big letter in the top-left box of a USPS label: P(riority) or G(round Advantage). */
  letter: 'P' | 'G';
  /** EasyPost's `rate.service` for the USPS carrier. */
  easypostService: 'Priority' | 'GroundAdvantage';
  /** Three-digit IMpb service type code used in sandbox tracking numbers. */
  serviceTypeCode: string;
}

const SERVICES: Record<string, UspsService> = {
  priority: {
    labelType: 'priority',
    name: 'USPS Priority Mail Flat Rate',
    banner: 'USPS PRIORITY MAIL FLAT RATE',
    letter: 'P',
    easypostService: 'Priority',
    serviceTypeCode: '055',
  },
  usps_priority: {
    labelType: 'usps_priority',
    name: 'USPS Priority Mail',
    banner: 'USPS PRIORITY MAIL',
    letter: 'P',
    easypostService: 'Priority',
    serviceTypeCode: '055',
  },
  usps_ground: {
    labelType: 'usps_ground',
    name: 'USPS Ground Advantage',
    banner: 'USPS GROUND ADVANTAGE',
    letter: 'G',
    easypostService: 'GroundAdvantage',
    serviceTypeCode: '001',
  },
  ground_lbs: {
    labelType: 'ground_lbs',
    name: 'USPS Ground Advantage',
    banner: 'USPS GROUND ADVANTAGE',
    letter: 'G',
    easypostService: 'GroundAdvantage',
    serviceTypeCode: '001',
  },
};

// Every priced label type must have a service: fail at load, not when a customer pays.
for (const type of LABEL_TYPES) {
  if (!SERVICES[type.uid]) throw new Error(`No USPS service is mapped for label type ${type.uid}`);
}

/** The USPS service of a label type; throws (a bug: handlers validate the type first) for an unknown one. */
export function uspsServiceFor(labelType: string): UspsService {
  const service = Object.hasOwn(SERVICES, labelType) ? SERVICES[labelType] : undefined;
  if (!service) throw new Error(`Unknown label type ${JSON.stringify(labelType)}`);
  return service;
}
