/** DynamoDB faults at every step of label purchases and top-ups (faults.ts says what each case checks). */
import { describeFaults, flows } from './faults';

describeFaults(flows.filter((f) => /purchase|top-up|label payment/.test(f.name)));
