/** The USPS services' ids, apart from their catalogue (./services.ts), so configuration checks can name them without loading it. */
export const SERVICE_IDS = [
  'usps_ground_advantage',
  'usps_priority_mail',
  'usps_priority_express',
  'usps_priority_fr_envelope',
  'usps_priority_fr_legal_envelope',
  'usps_priority_fr_padded_envelope',
  'usps_priority_fr_small_box',
  'usps_priority_fr_medium_box',
  'usps_priority_fr_large_box',
  'usps_ground_advantage_cubic',
  'usps_priority_mail_cubic',
  'usps_media_mail',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];
