/** DynamoDB faults at every step of SCAN forms and pickups (faults.ts says what each case checks). */
import { describeFaults, shippingDayFlows } from './faults';

describeFaults(shippingDayFlows);
