/** DynamoDB faults at every step of withdrawals, adjustments and label refunds (faults.ts says what each case checks). */
import { describeFaults, flows } from './faults';

describeFaults(flows.filter((f) => !/purchase|top-up|label payment/.test(f.name)));
