/** DynamoDB faults at every step of a converted label download and of the default format (faults.ts says what each case checks). */
import { describeFaults, labelFormatFlows } from './faults';

describeFaults(labelFormatFlows);
